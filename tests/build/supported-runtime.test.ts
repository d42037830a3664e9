// Node 20 reached its end of life on 2026-04-30. The suite, `npm start` and the hosts it starts
// (process.execPath) run on the registry's node package, a dev dependency, which npm's scripts
// put first on PATH; this checks that what runs the suite is that supported LTS, and that the
// package asks for the same.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../support/host-process.ts';

const SUPPORTED_MAJOR = 24;
const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

describe('a supported Node runtime', () => {
  it('runs the suite on Node 24 or newer', () => {
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(SUPPORTED_MAJOR);
  });

  it('brings that Node with npm install and asks for it in engines', () => {
    expect(packageJson.engines.node).toBe(`>=${SUPPORTED_MAJOR}`);
    expect(major(packageJson.devDependencies.node.replace(/^[~^]/, ''))).toBe(SUPPORTED_MAJOR);
    const bundled = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'node'), ['--version'], { encoding: 'utf8' });
    expect(major(bundled.stdout.trim())).toBe(SUPPORTED_MAJOR);
  });
});
