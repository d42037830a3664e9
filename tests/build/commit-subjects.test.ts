// Commit subjects of at most 72 characters, the story in the body (issue 38 §3): what `git log
// --oneline`, GitHub and a terminal show whole. From the commit that added this test on; earlier
// history is let be. Without git (an exported tarball) there is nothing to read.
import { spawnSync } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../support/host-process.ts';

const THIS_TEST = 'tests/build/commit-subjects.test.ts';
const SUBJECT_MAX = 72;

function git(args: string[]): string | undefined {
  const run = spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
  return run.status === 0 ? run.stdout : undefined;
}

describe('commit subjects', () => {
  it(`keeps every subject since this test to ${SUBJECT_MAX} characters`, () => {
    const added = git(['log', '--diff-filter=A', '--format=%H', '--', THIS_TEST])?.trim().split('\n').pop();
    // Not committed yet, or no git: the next commit is checked when it is.
    if (!added) return;
    const log = git(['log', '--format=%h%x09%s', `${added}^..HEAD`]) ?? '';
    const long = log
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'))
      .filter(([, subject]) => [...(subject ?? '')].length > SUBJECT_MAX)
      .map(([hash, subject]) => `${hash} (${[...subject!].length}): ${subject}`);
    expect(long, 'subjects over 72 characters: shorten them, the rest goes in the body').toEqual([]);
  });
});
