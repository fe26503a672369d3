/** Resolves on the first SIGTERM or SIGINT (operations.md CL10), removing its listeners again. */
export function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGTERM', stop)
      process.off('SIGINT', stop)
      resolve()
    }
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)
  })
}
