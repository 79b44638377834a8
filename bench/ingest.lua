-- wrk script for the ingest points (bench/run.sh): sends the signed fixture mix prepared by
-- `java bench/Load.java prepare` (bench/target/requests/manifest.txt: event, body file, signature).
-- GitHub signs the body only, so each fixture is signed once; every request gets its own number in
-- X-GitHub-Delivery (run id, thread, counter), so none is a duplicate.
-- Usage: wrk ... -s bench/ingest.lua URL -- MANIFEST RUN_ID
local threads = {}
local counter = 0
local thread_id = 0
local mix = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  thread_id = id
  local run_id = args[2] or "run"
  prefix = run_id .. "-" .. thread_id .. "-"
  for line in io.lines(args[1]) do
    local event, file, sig = line:match("^(%S+) (%S+) (%S+)$")
    local f = assert(io.open(file, "rb"))
    local body = f:read("*a")
    f:close()
    table.insert(mix, { event = event, body = body, sig = sig })
  end
end

function request()
  counter = counter + 1
  local item = mix[(counter % #mix) + 1]
  return wrk.format("POST", nil, {
    ["Content-Type"] = "application/json",
    ["X-GitHub-Event"] = item.event,
    ["X-GitHub-Delivery"] = prefix .. counter,
    ["X-Hub-Signature-256"] = item.sig,
  }, item.body)
end

function done(summary, latency, requests)
  local non2xx = summary.errors.status
  io.write(string.format("RESULT requests=%d seconds=%.3f non2xx=%d socket_errors=%d p50_ms=%.2f p99_ms=%.2f\n",
    summary.requests, summary.duration / 1e6, non2xx,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
