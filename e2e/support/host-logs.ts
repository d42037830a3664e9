// The e2e project's globalSetup: every host and function its workers start writes its output into
// one folder (HOST_LOG_DIR, which vitest.config.ts sets for this project only; see
// tests/support/child-process.ts), and once the run is over that whole log is searched for the
// suites' passwords, phone numbers and anything token-shaped, and for request lines without their
// request id (issue 26 §3). A finding fails the run.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { REPO_ROOT } from '../../tests/support/host-process.ts';
import { findSecrets, readLogs, secretsInSources } from '../../tests/support/log-secrets.ts';

export default function setup(project: TestProject) {
  const dir = project.config.env.HOST_LOG_DIR;
  if (!dir) throw new Error('vitest.config.ts sets HOST_LOG_DIR for the e2e project');
  // A folder given by the caller is kept, to read afterwards.
  const keep = Boolean(process.env.HOST_LOG_DIR);
  mkdirSync(dir, { recursive: true });
  return () => {
    const logs = readLogs(dir);
    const secrets = secretsInSources([join(REPO_ROOT, 'e2e'), join(REPO_ROOT, 'tests/support')]);
    const findings = findSecrets(logs, secrets);
    const lines = [...logs.values()].reduce((sum, text) => sum + text.split('\n').length - 1, 0);
    console.log(
      `host logs: ${logs.size} files, ${lines} lines searched for ${secrets.passwords.length} passwords, ` +
        `${secrets.phoneNumbers.length} phone numbers and token-shaped text: ${findings.length} found`,
    );
    // A run whose files start no host has nothing to search; a full run always has.
    if (logs.size === 0) console.warn('host logs: no host wrote any, so none was searched');
    if (!keep) rmSync(dir, { recursive: true, force: true });
    if (findings.length > 0) {
      const shown = findings.slice(0, 20).map(({ file, line, what }) => `  ${file}:${line}: ${what}`);
      // Not thrown: Vitest would skip the other teardowns (the shared Chromium) and still exit 0.
      console.error(`FAIL: the hosts' logs of this e2e run hold what they must not:\n${shown.join('\n')}`);
      process.exitCode = 1;
    }
  };
}
