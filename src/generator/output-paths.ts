import path from 'node:path';

/** Where a route's HTML goes in a release folder: trailing-slash folders, and 404.html for the not-found page. */
export function outputFile(releaseDir: string, routePath: string, kind: string): string {
  return kind === 'not-found' ? path.join(releaseDir, '404.html') : path.join(releaseDir, routePath, 'index.html');
}
