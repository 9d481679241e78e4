/**
 * A service with a self-signed certificate (#26.5). When Test connection is refused because no store on this computer
 * trusts the certificate, its facts are shown — names, issuer, dates, SHA-256 fingerprint — and staff can trust it for
 * that one address after a confirmation that names the risk. Settings → Trusted certificates lists what was trusted,
 * each with "Stop trusting". A certificate trusted here that the service no longer presents is refused and said so.
 */
import { Alert, Button, Code, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { CertificateFacts, ConnectionVerdict, TrustedCertificate } from '../../../../shared/contract';
import { BridgeError, call } from '../../bridge';
import { errorWords } from '../../errors';
import { currentLocale, t } from '../../i18n';

/** Told when the trusted certificates change, so the list below the form follows a trust given above it. */
const listeners = new Set<() => void>();
const changed = (): void => listeners.forEach((l) => l());

const day = (ms: number): string => new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(ms);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" ms={0} mb={6} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}

/** A certificate's names, issuer, dates and fingerprint, as a description list. */
export function CertificateFactsList({ facts }: { facts: Omit<CertificateFacts, 'nameMatches' | 'current'> }) {
  return (
    <dl style={{ margin: 0 }}>
      <Fact label={t('settings.cert.subject')}>{facts.subject || '—'}</Fact>
      {facts.names.length > 0 && <Fact label={t('settings.cert.names')}>{facts.names.join(', ')}</Fact>}
      <Fact label={t('settings.cert.issuer')}>
        {facts.selfSigned ? t('settings.cert.selfSigned', { issuer: facts.issuer }) : facts.issuer}
      </Fact>
      <Fact label={t('settings.cert.valid')}>
        {t('settings.cert.validRange', { from: day(facts.validFrom), to: day(facts.validTo) })}
      </Fact>
      <Fact label={t('settings.cert.sha256')}>
        <Code data-testid="certificate-sha256">{facts.sha256}</Code>
      </Fact>
    </dl>
  );
}

/** Below a connection test refused for its certificate: what was presented, and trusting it (or why not). */
export function CertificateVerdict({ verdict }: { verdict: ConnectionVerdict }) {
  const why = verdict.why;
  const [asking, setAsking] = useState(false);
  const [trusted, setTrusted] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!why?.certificate || (why.reason !== 'untrusted_certificate' && why.reason !== 'certificate_changed'))
    return null;
  const facts = why.certificate;
  const host = why.host ?? new URL(facts.origin).host;
  const changedCert = why.reason === 'certificate_changed';

  const trust = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await call('certificates:trust', { origin: facts.origin, sha256: facts.sha256 });
      setTrusted(facts.origin);
      changed();
    } catch (e) {
      setError(e instanceof BridgeError ? errorWords(e) : t('error.internal'));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('settings.cert.presented', { host })}>
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('settings.cert.presented', { host })}
        </Title>
        <CertificateFactsList facts={facts} />
        {changedCert && why.trustedSha256 && (
          <dl style={{ margin: 0 }}>
            <Fact label={t('settings.cert.trustedSha256')}>
              <Code>{why.trustedSha256}</Code>
            </Fact>
          </dl>
        )}
        {changedCert && <Text size="sm">{t('settings.cert.changedHelp')}</Text>}
        {!changedCert && !facts.nameMatches && <Text size="sm">{t('settings.cert.notForHost', { host })}</Text>}
        {!changedCert && facts.nameMatches && !facts.current && <Text size="sm">{t('settings.cert.notCurrent')}</Text>}
        {!changedCert && facts.nameMatches && facts.current && !trusted && (
          <Group>
            <Button variant="default" color="red" onClick={() => setAsking(true)}>
              {t('settings.cert.trust', { host })}
            </Button>
          </Group>
        )}
        {trusted && (
          <Text size="sm" role="status" aria-label={t('settings.certs.title')}>
            {t('settings.cert.trusted', { origin: trusted })}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('settings.cert.confirmTitle', { host })}
        centered
        size="lg"
      >
        <Stack>
          <Text size="sm">{t('settings.cert.confirmRisk', { host })}</Text>
          <CertificateFactsList facts={facts} />
          <Text size="sm">{t('settings.cert.confirmScope', { origin: facts.origin })}</Text>
          <Group justify="flex-end">
            <Button variant="default" data-autofocus onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void trust()}>
              {t('settings.cert.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** Settings → Trusted certificates: shown once one is trusted; each can be stopped. */
export function TrustedCertificatesSettings() {
  const [trusted, setTrusted] = useState<TrustedCertificate[] | null>(null);
  const [forgotten, setForgotten] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = (): void =>
      void call('certificates:list', {})
        .then((v) => live && setTrusted(v.trusted))
        .catch(() => undefined);
    load();
    listeners.add(load);
    return () => {
      live = false;
      listeners.delete(load);
    };
  }, []);
  if (!trusted || (trusted.length === 0 && !forgotten)) return null;

  const forget = async (origin: string): Promise<void> => {
    setError(null);
    try {
      const next = await call('certificates:forget', { origin });
      setTrusted(next.trusted);
      setForgotten(origin);
    } catch (e) {
      setError(e instanceof BridgeError ? errorWords(e) : t('error.internal'));
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('settings.certs.title')}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('settings.certs.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.certs.help')}
        </Text>
        {trusted.map((cert) => (
          <Paper key={cert.origin} withBorder p="sm" radius="sm" component="article" aria-label={cert.origin}>
            <Stack gap={4}>
              <Text fw={600}>{cert.origin}</Text>
              <CertificateFactsList facts={cert} />
              <Text size="sm" c="dimmed">
                {t('settings.certs.since', { date: day(cert.trustedAt) })}
              </Text>
              <Group>
                <Button
                  variant="default"
                  aria-label={t('settings.certs.forgetName', { origin: cert.origin })}
                  onClick={() => void forget(cert.origin)}
                >
                  {t('settings.certs.forget')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        {forgotten && (
          <Text size="sm" role="status">
            {t('settings.certs.forgotten', { origin: forgotten })}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
