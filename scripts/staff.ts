// Staff accounts for the admin page, kept in the ops server's SQLite file (OPS_DATA_DIR, default data/ops).
// Operators may do everything; marketing users edit and rebuild the sites named with --sites. The password is
// read from STAFF_PASSWORD, or asked for when the command runs in a terminal (it is never a command argument).
//   npm run staff -- add --username alex --name "Alex Chen" --role marketing --sites bayside-mg,northside-used
//   npm run staff -- add --username ops --name "Sam Operator" --role operator
//   npm run staff -- list
//   npm run staff -- password --username alex
//   npm run staff -- sites --username alex --sites bayside-mg
//   npm run staff -- disable --username alex
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { loadAllSiteConfigs } from '../src/data/site-config.ts';
import { OpsStore } from '../src/ops/store.ts';
import type { StaffRole } from '../src/ops/staff-store.ts';
import { parseCliArgs, runCli } from './cli.ts';

const COMMANDS = ['add', 'list', 'password', 'sites', 'disable'] as const;

async function password(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('Set STAFF_PASSWORD to the new password (or run the command in a terminal to type it).');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await rl.question('Password (at least 12 characters): ');
  } finally {
    rl.close();
  }
}

await runCli(async () => {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !(COMMANDS as readonly string[]).includes(command)) throw new Error(`Say what to do: npm run staff -- <${COMMANDS.join('|')}> [options]`);
  process.argv = [process.argv[0]!, process.argv[1]!, ...rest];
  const args = parseCliArgs({ username: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, sites: { type: 'string' } });
  const root = process.cwd();
  const store = new OpsStore(path.resolve(root, process.env.OPS_DATA_DIR ?? 'data/ops', 'ops.sqlite'));
  const known = loadAllSiteConfigs('sites', root).map((s) => s.slug);
  const sites = (args.sites ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const slug of sites) if (!known.includes(slug)) throw new Error(`There is no site "${slug}". Sites: ${known.join(', ')}.`);
  const needUser = () => {
    if (!args.username) throw new Error('Name the account: --username <name>');
    return args.username;
  };
  try {
    const now = new Date();
    switch (command) {
      case 'add': {
        const role = (args.role ?? 'marketing') as StaffRole;
        if (role !== 'marketing' && role !== 'operator') throw new Error('--role is marketing or operator');
        if (role === 'marketing' && sites.length === 0) throw new Error('A marketing user looks after named sites: --sites <slug>[,<slug>...]');
        const member = await store.staff.add({ username: needUser(), name: args.name ?? needUser(), role, sites, password: await password() }, now);
        store.staff.audit({ staff: null, who: 'command line', action: 'staff', site: null, what: `added ${member.username} (${member.role}${member.sites.length ? `: ${member.sites.join(', ')}` : ''})` }, now);
        console.log(`Added ${member.name} (${member.username}), ${member.role}${member.role === 'marketing' ? ` of ${member.sites.join(', ')}` : ''}.`);
        break;
      }
      case 'list':
        for (const m of store.staff.list()) console.log(`${m.username.padEnd(20)} ${m.role.padEnd(10)} ${m.disabled ? 'disabled ' : ''}${m.name}${m.role === 'marketing' ? `  sites: ${m.sites.join(', ')}` : ''}`);
        break;
      case 'password':
        await store.staff.setPassword(needUser(), await password());
        store.staff.audit({ staff: null, who: 'command line', action: 'staff', site: null, what: `set the password of ${needUser()}` }, now);
        console.log(`The password of ${needUser()} is set; its sessions have ended.`);
        break;
      case 'sites':
        store.staff.setSites(needUser(), sites);
        store.staff.audit({ staff: null, who: 'command line', action: 'staff', site: null, what: `set the sites of ${needUser()} to ${sites.join(', ') || '(none)'}` }, now);
        console.log(`${needUser()} now looks after ${sites.join(', ') || 'no site'}.`);
        break;
      case 'disable':
        store.staff.disable(needUser(), now);
        store.staff.audit({ staff: null, who: 'command line', action: 'staff', site: null, what: `disabled ${needUser()}` }, now);
        console.log(`${needUser()} is disabled and signed out.`);
        break;
    }
  } finally {
    store.close();
  }
});
