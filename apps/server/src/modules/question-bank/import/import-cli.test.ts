import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCommand, tempDataDir } from '../../../test/commands.ts';

// README's import command, spawned as an IT person would type it: every path is imported,
// the first one included, with or without --tree-course.
const CLI = 'apps/server/src/modules/question-bank/import/import-cli.ts';
const CURRICULUM = path.resolve(REPO_ROOT, '../shared/data/curriculum');

function fixtureFiles(dir: string): { tree: string; tal: string } {
  const tree = path.join(dir, 'tree.json');
  writeFileSync(
    tree,
    JSON.stringify([{ name: '课内体系', children: [{ name: '知识点', children: [{ name: '加法', children: [] }] }] }]),
  );
  const tal = path.join(dir, 'tal.jsonl');
  writeFileSync(
    tal,
    JSON.stringify({
      queId: 'cli-1',
      difficulty: '1',
      qtype: 'single_choice',
      problem: '计算：$$1+2$$的结果是．',
      answer_option_list: [[{ aoVal: 'A', content: '$$2$$' }], [{ aoVal: 'B', content: '$$3$$' }]],
      knowledge_point_routes: ['课内体系->知识点->加法'],
      answer_analysis: ['$$1+2=3$$'],
      answer_value: 'B',
    }),
  );
  return { tree, tal };
}

describe('import-cli as README writes it', () => {
  it('imports its first path too when --tree-course is not given', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir();
    const { tree, tal } = fixtureFiles(dataDir);
    const result = await runCommand(CLI, [tree, tal], { dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/tree\s+3 nodes/);
    expect(result.stdout).toContain('1 questions, 1 knowledge links');
  });

  it('takes --tree-course anywhere among the paths', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir();
    const { tree, tal } = fixtureFiles(dataDir);
    const result = await runCommand(CLI, [tree, '--tree-course', '数学', tal], { dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/tree\s+3 nodes/);
    expect(result.stdout).toContain('1 questions, 1 knowledge links');
  });

  it('refuses an unknown option in Chinese', { timeout: 60_000 }, async () => {
    const result = await runCommand(CLI, ['--tree', '数学'], { dataDir: tempDataDir() });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('用法');
  });

  it.skipIf(!existsSync(CURRICULUM))(
    'imports the knowledge trees of ../shared/data/curriculum',
    { timeout: 180_000 },
    async () => {
      const result = await runCommand(CLI, ['../shared/data/curriculum'], { dataDir: tempDataDir() });
      expect(result.code).toBe(0);
      const trees = result.stdout.split('\n').filter((line) => line.startsWith('tree'));
      expect(trees.length).toBeGreaterThan(0);
      for (const line of trees) expect(Number(/(\d+) nodes/.exec(line)?.[1])).toBeGreaterThan(0);
    },
  );
});
