/**
 * Says in one line, at the end of the run, which system components the suite could not start because
 * they are not installed, so a green run on a bare machine is not mistaken for a full one. The tests
 * that need them skip themselves; `.ci/run` installs them.
 */
import { spawnSync } from 'node:child_process'

const COMPONENTS: readonly (readonly [command: string, tests: string])[] = [
  ['redis-server', 'rate limits on Redis and examples/fleet'],
  ['nginx', 'examples/fleet'],
  ['nvim', 'the Neovim setups of docs/editor.md'],
]

export default function setup(): () => void {
  const missing = COMPONENTS.filter(([command]) => spawnSync(command, ['-v']).error !== undefined)
  return () => {
    if (missing.length === 0) return
    const what = missing.map(([command, tests]) => `${tests} (${command})`).join(', ')
    console.log(`npm test did not run: ${what}: not installed; .ci/run installs them`)
  }
}
