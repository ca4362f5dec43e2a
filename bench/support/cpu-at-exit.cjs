// Preloaded (node -r) into a child a bench times: at exit, writes the process's CPU time (user +
// system, every thread included: the CLI's index worker runs as a thread) to stderr as
// `CADENZA_BENCH_CPU_MS <ms>`, so a bench can print CPU beside wall time on a loaded machine.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`\nCADENZA_BENCH_CPU_MS ${((user + system) / 1000).toFixed(0)}\n`);
});
