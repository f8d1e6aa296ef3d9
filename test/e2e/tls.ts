import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway self-signed certificate (and its key, PEM) for `host`, made with the system's openssl:
 * what an https test page is served with. Browsers are told to accept it (nothing here is trusted).
 */
export function selfSignedCert(host: string): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lens-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } catch (error) {
    throw new Error(
      `openssl could not make a test certificate (install it with \`sudo apt-get install openssl\`): ${error}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
