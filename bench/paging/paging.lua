-- wrk script for the admin API paging point (bench/run.sh "paging"): one request shape per run, signed in by
-- a session cookie; where the shape has a cursor or a delivery id, each request takes a random one.
-- Usage: wrk ... -s bench/paging/paging.lua URL -- SESSION_ID SHAPE MAX_SEND_LOG_ID DELIVERIES MAX_AUDIT_ID
local cookie, shape, max_log, deliveries, max_audit

function init(args)
  cookie = "wh_admin_session=" .. args[1]
  shape = args[2]
  max_log = tonumber(args[3])
  deliveries = tonumber(args[4])
  max_audit = tonumber(args[5])
  math.randomseed(os.time() + (id or 0))
end

local paths = {
  newest = function() return "/admin/api/logs" end,
  deep = function() return "/admin/api/logs?before=" .. math.random(1, max_log) end,
  failed = function() return "/admin/api/logs?ok=false&before=" .. math.random(1, max_log) end,
  route = function() return "/admin/api/logs?routeId=r3&platform=telegram&before=" .. math.random(1, max_log) end,
  -- a delivery of g3 or g7 (delivery x is in group x mod 10), which both callers may see
  delivery = function() return "/admin/api/delivery/bench-d-" .. (10 * math.random(0, deliveries / 10 - 1) + (math.random(2) == 1 and 3 or 7)) end,
  audit = function() return "/admin/api/audit?before=" .. math.random(1, max_audit) end,
}

function request()
  return wrk.format("GET", paths[shape](), { ["Cookie"] = cookie, ["Accept"] = "application/json" })
end

function done(summary, latency, requests)
  io.write(string.format("RESULT requests=%d seconds=%.3f non2xx=%d socket_errors=%d p50_ms=%.2f p99_ms=%.2f\n",
    summary.requests, summary.duration / 1e6, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
