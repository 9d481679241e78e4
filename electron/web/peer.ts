/**
 * Who is on the other end of a loopback connection to the browser host (#25.2). On Linux the kernel's socket tables
 * (/proc/net/tcp and tcp6, readable by every process of the same network namespace) name the user that owns each
 * socket: the client's end of a connection to 127.0.0.1:<host port> belongs to the user whose browser (or script)
 * made it. The host takes a sign-in key, and serves anything at all, only on a connection of its own user, so a key
 * another local user read somewhere (a command line, a screen) signs nobody in. Where the OS cannot tell (macOS,
 * Windows: no such table) the sign-in key travels through the launcher file only this user can read.
 */
import fs from 'node:fs/promises';

/** What the OS says about a connection's client end: its user, or that it cannot tell. */
export type PeerUser = { told: true; uid: number | null } | { told: false };

/** Loopback 127.0.0.1 as /proc/net/tcp writes it (little-endian hex), alone or IPv4-mapped in tcp6. */
const LOOPBACK = '0100007F';
/** TIME_WAIT (no owner left) and LISTEN: never the client end of a live connection. */
const NOT_A_CLIENT = new Set(['06', '0A']);

/**
 * The user owning the client socket of the connection from 127.0.0.1:<clientPort> to 127.0.0.1:<serverPort>.
 * `{ told: true, uid: null }`: the tables were read and no such socket is in them (refused by the host).
 */
export async function loopbackPeer(clientPort: number, serverPort: number, procNet = '/proc/net'): Promise<PeerUser> {
  let readable = false;
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = await fs.readFile(`${procNet}/${table}`, 'utf8');
    } catch {
      continue;
    }
    readable = true;
    const uid = findOwner(text, clientPort, serverPort);
    if (uid !== null) return { told: true, uid };
  }
  return readable ? { told: true, uid: null } : { told: false };
}

/** The uid column of the table's line for that client socket, or null. Exported for tests. */
export function findOwner(table: string, clientPort: number, serverPort: number): number | null {
  for (const line of table.split('\n').slice(1)) {
    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
    const [, local, remote, state, , , , uid] = line.trim().split(/\s+/);
    if (!local || !remote || !state || uid === undefined || NOT_A_CLIENT.has(state)) continue;
    const [localIp, localPort] = local.split(':');
    const [remoteIp, remotePort] = remote.split(':');
    if (!localIp || !remoteIp || !localPort || !remotePort) continue;
    if (parseInt(localPort, 16) !== clientPort || parseInt(remotePort, 16) !== serverPort) continue;
    if (!remoteIp.toUpperCase().endsWith(LOOPBACK) || !localIp.toUpperCase().endsWith('7F')) continue;
    const owner = Number(uid);
    if (Number.isInteger(owner)) return owner;
  }
  return null;
}
