import { join } from 'node:path';
import { expect, test } from 'vitest';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCliJson } from '../cli/run-cli.js';

test('binary and huge files are skipped for TODO scanning and counted', async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, ...Buffer.from('// TODO: inside a binary\n')]);
  const blob = new Uint8Array([1, 2, 0, 3, ...Buffer.from('# TODO: inside a blob with no extension\n')]);
  const huge = `// TODO: inside a huge file\n${'x'.repeat(2 * 1024 * 1024)}\n`;
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'files', files: { 'logo.png': png, 'data/blob': blob, 'gen/big.js': huge, 'src/a.js': '// TODO: the real one\n' } },
  ]);
  const { snapshot } = await runCliJson(['snapshot', '--repo', repo.dir, '--t0', '2024-02-01', '--db', join(await tempDir(), 'x.db')]);
  expect(snapshot.counts).toMatchObject({ todos: 1, skippedBinary: 2, skippedHuge: 1, todoFilesScanned: 1 });
});

test('TODO lines are dated when they first appeared, found by bisection over the file\'s versions', async () => {
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'a', files: { 'src/a.js': 'one\n' } },
    { at: '2024-02-01', msg: 'b', files: { 'src/a.js': 'one\n// TODO: added in february\n' } },
    { at: '2024-03-01', msg: 'c', files: { 'src/a.js': 'zero\none\n// TODO: added in february\n' } },
    { at: '2024-04-01', msg: 'd', files: { 'src/a.js': 'zero\none\n// TODO: added in february\n// FIXME: added in april\n' } },
    { at: '2024-05-01', msg: 'e', files: { 'src/b.js': 'b\n' } },
  ]);
  const db = join(await tempDir(), 'x.db');
  await runCliJson(['snapshot', '--repo', repo.dir, '--t0', '2024-06-01', '--db', db]);
  const rows = await runCliJson(['query', '--db', db, "SELECT text, date, json_extract(data, '$.firstSeen') AS firstSeen FROM evidence WHERE kind = 'todo' ORDER BY ref"]);
  expect(rows).toEqual([
    { text: 'added in february', date: '2024-02-01T00:00:00.000Z', firstSeen: '2024-02-01T00:00:00.000Z' },
    { text: 'added in april', date: '2024-04-01T00:00:00.000Z', firstSeen: '2024-04-01T00:00:00.000Z' },
  ]);
});
