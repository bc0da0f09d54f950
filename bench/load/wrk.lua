-- wrk's requests for the load benchmark (bench/load/wrk.mjs sets these variables):
--   WRK_PATHS       comma-separated paths asked in turn (else the URL's path)
--   WRK_UNIQUE      a path prefix: every request asks for this prefix and a new number (a page never kept)
--   WRK_EXPECT      the status every answer should have (else any under 400): others are errors
-- done() prints one line, "wrk-json {...}": requests, duration, latency percentiles and errors.

local paths = {}
for path in string.gmatch(os.getenv("WRK_PATHS") or "", "[^,]+") do
  table.insert(paths, path)
end
local unique = os.getenv("WRK_UNIQUE")

local sent = 0
if unique then
  request = function()
    sent = sent + 1
    return wrk.format(nil, unique .. sent)
  end
elseif #paths > 0 then
  request = function()
    sent = sent + 1
    return wrk.format(nil, paths[(sent % #paths) + 1])
  end
end

-- Only when asked: a response() hook slows every request down.
local expected = tonumber(os.getenv("WRK_EXPECT") or "")
local threads = {}
if expected then
  unexpected = 0
  setup = function(thread)
    table.insert(threads, thread)
  end
  response = function(status)
    if status ~= expected then
      unexpected = unexpected + 1
    end
  end
end

done = function(summary, latency)
  local errors = summary.errors
  local statusErrors = errors.status
  if expected then
    statusErrors = 0
    for _, thread in ipairs(threads) do
      statusErrors = statusErrors + thread:get("unexpected")
    end
  end
  io.write(string.format(
    'wrk-json {"requests":%d,"durationUs":%d,"bytes":%d,' ..
      '"latencyUs":{"p50":%d,"p90":%d,"p99":%d,"max":%d},' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    errors.connect, errors.read, errors.write, statusErrors, errors.timeout
  ))
end
