import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Whether `ip` is in the exam's allow-list ([] allows any address). */
export function addressAllowed(ip: string, rules: readonly string[]): boolean {
  if (rules.length === 0) return true;
  const bare = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = isIPv4(bare) ? 'ipv4' : isIPv6(bare) ? 'ipv6' : null;
  if (!family) return false;
  const list = new BlockList();
  for (const rule of rules) {
    const [network = '', prefix] = rule.split('/');
    const ruleFamily = isIPv4(network) ? 'ipv4' : 'ipv6';
    if (ruleFamily !== family) continue;
    if (prefix === undefined) list.addAddress(network, ruleFamily);
    else list.addSubnet(network, Number(prefix), ruleFamily);
  }
  return list.check(bare, family);
}
