-- wrk script for the POST /api/transaction benchmark (tests/bench/transactions.ts):
-- each wrk thread takes its share of the traders' tokens and rotates through them, so concurrent
-- requests belong to different traders as 50 real traders would.
-- Arguments: the tokens file (one per line), the JSON body file.
local tokens, body, next = {}, nil, 0

function setup(thread)
  thread:set("id", setup_count or 0)
  setup_count = (setup_count or 0) + 1
end

function init(args)
  local all = {}
  for line in io.lines(args[1]) do all[#all + 1] = line end
  local threads = tonumber(args[3])
  for i = 1, #all do
    if (i - 1) % threads == id then tokens[#tokens + 1] = all[i] end
  end
  local f = io.open(args[2]); body = f:read("*a"); f:close()
end

function request()
  next = next % #tokens + 1
  return wrk.format("POST", nil, {
    ["Authorization"] = "Bearer " .. tokens[next],
    ["Content-Type"] = "application/json",
  }, body)
end
