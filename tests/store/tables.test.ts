import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runRepoTask } from '../../src/api/study-repo.js';
import { openStore } from '../../src/store/open.js';
import { mergeShard } from '../../src/store/shards.js';
import { openStudy } from '../../src/store/studies.js';
import { insertSql, RowWriter, TABLES, writtenColumns, type RowOf, type TableDeclaration } from '../../src/store/tables.js';
import { parseStudyConfig } from '../../src/study/config.js';
import { tempDir } from '../fixtures/repo.js';
import { makeStudyRepo, STUDY_T0 } from '../study/fixtures.js';
import { tempStore } from './temp-store.js';

test('every table and column the migrations make is declared in src/store/tables.ts, in order', () => {
  const store = tempStore();
  const tables = store.db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
  expect(Object.keys(TABLES).sort()).toEqual(tables);
  for (const table of tables) {
    const columns = store.db.prepare<[], { name: string }>(`PRAGMA table_info("${table}")`).all().map((c) => c.name);
    const declared: TableDeclaration = TABLES[table as keyof typeof TABLES];
    expect(declared.columns, `${table}: declare its columns as the migrations leave them`).toEqual(columns);
    for (const ref of Object.keys(declared.refs ?? {})) expect(columns, `${table}.${ref}`).toContain(ref);
  }
});

test('insertSql writes every declared column but the id, by name', () => {
  expect(insertSql('studies', { returning: true })).toBe('INSERT INTO studies (name, config, config_hash, created_at) VALUES (@name, @config, @config_hash, @created_at) RETURNING id');
  expect(writtenColumns('commits')).toEqual(TABLES.commits.columns);
});

test('a row writer writes exactly the declared columns, and a column the declaration gains is one the writer must be given', () => {
  const store = tempStore();
  const studies = new RowWriter(store.db, 'studies');
  const id = studies.insert({ name: 'n', config: '{}', config_hash: 'h', created_at: '2024-01-01T00:00:00.000Z' });
  expect(store.db.prepare('SELECT id, name, config, config_hash, created_at FROM studies').get()).toEqual({ id, name: 'n', config: '{}', config_hash: 'h', created_at: '2024-01-01T00:00:00.000Z' });
  const declared = TABLES.studies;
  try {
    store.db.exec('ALTER TABLE studies ADD COLUMN reviewer TEXT');
    (TABLES as Record<string, TableDeclaration>).studies = { ...declared, columns: [...declared.columns, 'reviewer'] };
    const widened = new RowWriter(store.db, 'studies');
    const row = { name: 'm', config: '{}', config_hash: 'h2', created_at: '2024-01-01T00:00:00.000Z' } as RowOf<'studies'>;
    expect(() => widened.run(row)).toThrow();
    widened.run({ ...row, reviewer: 'ada' } as RowOf<'studies'>);
    expect(store.db.prepare("SELECT reviewer FROM studies WHERE name = 'm'").pluck().get()).toBe('ada');
  } finally {
    (TABLES as Record<string, TableDeclaration>).studies = declared;
    store.close();
  }
});

test('a column added to a table and to the declaration reaches a merged study without touching the merge', async () => {
  const dir = await tempDir('swe-future-tables-');
  const repo = await makeStudyRepo('http');
  const config = parseStudyConfig(JSON.stringify({ name: 's', judges: ['lexical'], forecasters: ['heuristic', 'recency'], repos: [{ path: repo.dir, t0: STUDY_T0 }] }), join(dir, 's.json'), {
    now: new Date('2026-01-01'),
  });
  const db = join(dir, 'main.db');
  const main = openStore(db);
  const { study } = openStudy(main, config, ['http']);
  const shard = join(dir, 'shard.db');
  const r = config.repos[0]!;
  const task = { study: { hash: study.hash, name: study.name }, ord: 0, name: 'http', path: r.path, t0: r.t0, window: config.window, forecasters: config.forecasters, judges: config.judges, seed: config.seed, maxFamilies: config.maxFamilies };
  expect((await runRepoTask(task, { shard, cacheDir: join(dir, 'cache') })).status).toBe('done');

  // A later migration adds a column (here by hand, in both stores) and the declaration names it.
  const added = [
    ['validations', 'reviewer', "'judge-' || id"],
    ['work_items', 'reviewer', "'item-' || key"],
  ] as const;
  const writer = openStore(shard);
  for (const [table, column, value] of added) {
    main.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT`);
    writer.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT; UPDATE ${table} SET ${column} = ${value}`);
  }
  const expected = Object.fromEntries(added.map(([table, column]) => [table, writer.db.prepare(`SELECT ${column} FROM ${table} ORDER BY ${column}`).pluck().all()]));
  writer.close();
  const declared = { ...TABLES };
  try {
    for (const [table, column] of added) {
      (TABLES as Record<string, TableDeclaration>)[table] = { ...TABLES[table], columns: [...TABLES[table].columns, column] };
    }
    expect(mergeShard(main, shard).merged).toBe(true);
  } finally {
    Object.assign(TABLES, declared);
  }
  for (const [table, column] of added) {
    const merged = main.db.prepare(`SELECT ${column} FROM ${table} ORDER BY ${column}`).pluck().all();
    expect(merged.length).toBeGreaterThan(0);
    // Ids are the main store's own, so compare what the shard wrote, in the same order.
    expect(merged, `${table}.${column}`).toEqual(expected[table]);
  }
  main.close();
});
