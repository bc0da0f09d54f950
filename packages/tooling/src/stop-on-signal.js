// @ts-check
// How a command that serves until stopped ends: Ctrl-C (SIGINT) or SIGTERM runs its stop once,
// then the process exits with 0, quietly: a stop by signal is no failure. A second signal (Ctrl-C
// reaches every process of the terminal's group, and some pass it on) changes nothing.

/**
 * @param {() => Promise<unknown>} stop
 * @param {{ exit?: (code: number) => void }} [options]
 */
export function stopOnSignal(stop, { exit = process.exit } = {}) {
  /** @type {Promise<void> | undefined} */
  let stopping;
  const onSignal = () => {
    stopping ??= stop().then(
      () => exit(0),
      (error) => {
        console.error(`Stopping failed: ${error instanceof Error ? error.message : error}`);
        exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
