// The thread a build reads the live release's page folders on (`surveyLivePages` in
// src/generator/unchanged-release.ts): what each folder the pages go in holds, or null at the first page
// the live release lacks.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { LivePages, LiveSurvey } from './unchanged-release.ts';

function survey({ live, files }: LiveSurvey): LivePages | null {
  const entries = new Map<string, Set<string>>();
  for (const file of files) {
    const parts = file.split(path.sep);
    for (let depth = 0; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join(path.sep);
      let names = entries.get(folder);
      if (!names) entries.set(folder, (names = new Set()));
      names.add(parts[depth]!);
    }
  }
  const held = new Map<string, string[]>();
  for (const [folder, names] of entries) {
    let listed: string[];
    try {
      listed = readdirSync(path.join(live, folder));
    } catch {
      return null;
    }
    held.set(folder, listed);
    const found = new Set(listed);
    for (const name of names) if (!found.has(name)) return null;
  }
  return { entries, held };
}

let reply: LivePages | null;
try {
  reply = survey(workerData as LiveSurvey);
} catch {
  reply = null;
}
parentPort!.postMessage(reply);
