// CPU profile of a server the bench starts (NODE_OPTIONS="--require …/cpu-profile.cjs", since Node refuses
// --cpu-prof in NODE_OPTIONS): samples from start, written to WLD_CPU_PROFILE_DIR/<pid>.cpuprofile on SIGUSR2.
const dir = process.env.WLD_CPU_PROFILE_DIR;
if (dir) {
  const fs = require("node:fs");
  const path = require("node:path");
  const inspector = require("node:inspector");
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.on("SIGUSR2", () => {
    session.post("Profiler.stop", (err, res) => {
      if (!err) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(res.profile));
      process.exit(0);
    });
  });
}
