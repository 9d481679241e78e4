/**
 * Which certificates a connection to the service trusts (#26.4, #26.5): Node's bundled roots, `NODE_EXTRA_CA_CERTS`
 * and the OS store (`tls.getCACertificates('system')`: the Windows store, the macOS keychain, OpenSSL's store on Linux
 * — `SSL_CERT_FILE`/`SSL_CERT_DIR`), on every connection, direct or tunnelled; or, for an origin whose certificate
 * staff trusted by hand, exactly that leaf and nothing else (its PEM the only root; the host name, its dates and the
 * SHA-256 of its DER checked on every handshake). Nothing ever turns verification off: the one handshake made with
 * `rejectUnauthorized: false` is the connection test's look at what a refused service presents (`lookAtCertificate`),
 * which sends nothing and is closed at once.
 */
import { X509Certificate } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import type { CertificateFacts, TrustedCertificate } from '../../../../shared/contract';

/** A certificate trusted for one origin, with its PEM (public: the certificate, never a key). */
export interface CertificatePin extends TrustedCertificate {
  pem: string;
}

/** TLS codes that mean "no store trusts whoever issued this" (self-signed, unknown issuer): trusting it is offered. */
export const UNTRUSTED_CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
]);

/** The code of a handshake refused because the certificate is not the one trusted for the origin. */
export const PIN_MISMATCH = 'CERT_PIN_MISMATCH';

const certError = (code: string, message: string): Error => Object.assign(new Error(message), { code });

/**
 * The TLS options of connections to a pinned origin: the trusted leaf is the only root (as an anchor even when it is
 * not self-signed), and the handshake is refused unless the host name matches, today is within its dates, and the
 * SHA-256 of the certificate presented is the one trusted.
 */
export function pinnedTls(
  pin: Pick<CertificatePin, 'pem' | 'sha256'>,
  now: () => number = Date.now,
): tls.ConnectionOptions {
  return {
    ca: [pin.pem],
    allowPartialTrustChain: true,
    checkServerIdentity: (host, cert) => {
      const wrongName = tls.checkServerIdentity(host, cert);
      if (wrongName) return wrongName;
      if (cert.fingerprint256 !== pin.sha256)
        return certError(PIN_MISMATCH, 'The certificate is not the one trusted for this address.');
      const at = now();
      if (at < Date.parse(cert.valid_from)) return certError('CERT_NOT_YET_VALID', 'certificate is not yet valid');
      if (at > Date.parse(cert.valid_to)) return certError('CERT_HAS_EXPIRED', 'certificate has expired');
      return undefined;
    },
  };
}

/** The facts of a certificate presented for `origin` at `host`, for staff to judge (#26.5). */
export function certificateFacts(
  origin: string,
  host: string,
  x509: X509Certificate,
  peer: tls.PeerCertificate | null,
  now = Date.now(),
): CertificateFacts {
  const field = (dn: string, name: string): string | null => {
    const line = dn.split('\n').find((l) => l.startsWith(`${name}=`));
    return line ? line.slice(name.length + 1) : null;
  };
  const names = (x509.subjectAltName ?? '')
    .split(/,\s*/)
    .map((n) => n.replace(/^(DNS|IP Address):/, '').trim())
    .filter(Boolean)
    .slice(0, 100);
  const validFrom = Date.parse(x509.validFrom);
  const validTo = Date.parse(x509.validTo);
  const bare = host.replace(/^\[|\]$/g, '');
  let nameMatches: boolean;
  if (peer) nameMatches = tls.checkServerIdentity(bare, peer) === undefined;
  else nameMatches = (net.isIP(bare) ? x509.checkIP(bare) : x509.checkHost(bare)) !== undefined;
  let selfSigned: boolean;
  try {
    selfSigned = x509.checkIssued(x509) && x509.verify(x509.publicKey);
  } catch {
    selfSigned = false;
  }
  return {
    origin,
    subject: (field(x509.subject, 'CN') ?? '').slice(0, 500),
    names: names.map((n) => n.slice(0, 300)),
    issuer: (field(x509.issuer, 'CN') ?? field(x509.issuer, 'O') ?? x509.issuer.replace(/\n/g, ', ')).slice(0, 500),
    validFrom,
    validTo,
    sha256: x509.fingerprint256,
    selfSigned,
    nameMatches,
    current: now >= validFrom && now <= validTo,
  };
}

let roots: string[] | null = null;

/** Node's roots with NODE_EXTRA_CA_CERTS, and the operating system's (read once: the OS store is asked at start). */
export function trustedRoots(): string[] {
  if (roots) return roots;
  const read = (kind: 'default' | 'system'): string[] => {
    try {
      return typeof tls.getCACertificates === 'function' ? tls.getCACertificates(kind) : [...tls.rootCertificates];
    } catch {
      return []; // an OS store that cannot be read leaves Node's own list
    }
  };
  roots = [...new Set([...read('default'), ...read('system')])];
  return roots;
}

/** What a service presented when the connection test looked (#26.5): its facts and PEM, kept to trust it. */
export interface PresentedCertificate {
  facts: CertificateFacts;
  pem: string;
}

/**
 * One handshake with the service at `host` (directly, or over a tunnel already opened through its proxy) that accepts
 * whatever certificate comes, sends nothing and is closed at once: the certificate's facts and PEM, or null when
 * nothing could be read in `timeoutMs`. `origin` is what the facts are kept for.
 */
export async function lookAtCertificate(
  origin: string,
  host: string,
  via: { socket: net.Socket } | { port: number },
  timeoutMs: number,
): Promise<PresentedCertificate | null> {
  const peer = await new Promise<tls.PeerCertificate | null>((resolve) => {
    const socket = tls.connect({
      ...('socket' in via ? { socket: via.socket } : { host, port: via.port }),
      ...(net.isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const cert = socket.getPeerCertificate(false);
      socket.destroy();
      resolve(cert && Buffer.isBuffer(cert.raw) ? cert : null);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(null);
    });
  });
  if (!peer) return null;
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(peer.raw);
  } catch {
    return null;
  }
  return { facts: certificateFacts(origin, host, x509, peer), pem: x509.toString() };
}
