-- wrk script for the POST /api/transaction benchmark (tests/bench/transactions.ts):
-- each wrk thread takes its share of the traders' tokens and rotates through them, so concurrent
-- requests belong to different traders as 50 real traders would.
-- Arguments: the number of wrk threads, the JSON body, then the tokens.
local tokens, body, next = {}, nil, 0

function setup(thread)
  thread:set("id", setup_count or 0)
  setup_count = (setup_count or 0) + 1
end

function init(args)
  local threads = tonumber(args[1])
  body = args[2]
  for i = 3, #args do
    if (i - 3) % threads == id then tokens[#tokens + 1] = args[i] end
  end
end

function request()
  next = next % #tokens + 1
  return wrk.format("POST", nil, {
    ["Authorization"] = "Bearer " .. tokens[next],
    ["Content-Type"] = "application/json",
  }, body)
end
