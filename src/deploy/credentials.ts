/** A secret from the environment, or an error that names the variable to set and what it is for. */
export function requireEnv(env: NodeJS.ProcessEnv, name: string, what: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set: it holds ${what}. Set it in the environment (in CI, as a secret) and run again.`);
  return value;
}
