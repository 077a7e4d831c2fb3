import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The folders the islands import from must stay free of Node modules and build-time code, and
// src/data must not depend on the view layer. Checked on the import statements themselves.

/** Every import of the .ts files under a folder, as 'file -> resolved target' ('node:fs' kept as is). */
function imports(folder: string): Array<{ file: string; target: string; typeOnly: boolean }> {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files.flatMap((name) => {
    const file = path.join(folder, name);
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/^\s*(import|export)(\s+type)?\b[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm)].map((m) => {
      const spec = (m[3] ?? m[4])!;
      const target = spec.startsWith('.') ? path.relative('.', path.resolve(path.dirname(file), spec)) : spec;
      return { file, target, typeOnly: Boolean(m[2]) };
    });
  });
}

describe('module boundaries', () => {
  it('src/lib imports only itself, types from src/schemas and the pure formatting rule', () => {
    const outside = imports('src/lib').filter(
      ({ target, typeOnly }) => !target.startsWith('src/lib/') && !(typeOnly && target.startsWith('src/schemas/')) && target !== 'src/rules/formatting.ts',
    );
    expect(outside).toEqual([]);
  });

  it('src/views imports no Node module and nothing from the generator, the ops server or the data loaders', () => {
    const found = imports('src/views').filter(
      ({ target, typeOnly }) =>
        target.startsWith('node:') || target.startsWith('src/generator/') || target.startsWith('src/ops/') || (target.startsWith('src/data/') && !typeOnly && target !== 'src/data/manufacturers.ts'),
    );
    expect(found).toEqual([]);
  });

  it('src/data imports nothing from src/render or src/views', () => {
    expect(imports('src/data').filter(({ target }) => target.startsWith('src/render/') || target.startsWith('src/views/'))).toEqual([]);
  });
});
