-- wrk script for the POST /api/transaction benchmark (tests/bench/transactions.ts):
-- each wrk thread takes its share of the traders' tokens and rotates through them, so concurrent
-- requests belong to different traders as 50 real traders would. Each trader's request is written
-- once, at the start: wrk shares the server's two cores, and formatting every request anew in Lua
-- was CPU taken from the server being measured.
-- Arguments: the number of wrk threads, the JSON body, then the tokens.
local requests, next = {}, 0

function setup(thread)
  thread:set("id", setup_count or 0)
  setup_count = (setup_count or 0) + 1
end

function init(args)
  local threads = tonumber(args[1])
  for i = 3, #args do
    if (i - 3) % threads == id then
      requests[#requests + 1] = wrk.format("POST", nil, {
        ["Authorization"] = "Bearer " .. args[i],
        ["Content-Type"] = "application/json",
      }, args[2])
    end
  end
end

function request()
  next = next % #requests + 1
  return requests[next]
end
