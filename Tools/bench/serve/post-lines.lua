-- wrk script: POSTs the lines of a JSON Lines file in turn, one request body each, over
-- keep-alive connections.   wrk -s post-lines.lua URL -- FILE
-- (wrk counts the answers that are not 2xx/3xx: "Non-2xx or 3xx responses".)
local bodies = {}
local i = 0

function init(args)
  local file = assert(io.open(args[1], "r"), "cannot read " .. tostring(args[1]))
  for line in file:lines() do
    if line:match("%S") then bodies[#bodies + 1] = line end
  end
  file:close()
  assert(#bodies > 0, "no request lines in " .. args[1])
  -- Each thread starts at a different line.
  i = math.random(#bodies) - 1
end

function request()
  i = i % #bodies + 1
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, bodies[i])
end
