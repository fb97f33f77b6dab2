// Configuración: one screen per part of the company's setup, listed in SECTIONS (a new part adds one line). Every
// section reads GET /api/company (or its own list) and saves through the API's own route for it.
import type { ComponentType } from 'preact';
import { api } from '../lib/api.ts';
import { useLoad } from '../lib/hooks.ts';
import { href } from '../lib/router.ts';
import { ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Page } from '../ui/shell.tsx';
import { CompanyData } from './settings-company.tsx';
import { EstablishmentsSettings } from './settings-establishments.tsx';
import { SeriesSettings, TokensSettings } from './settings-lists.tsx';
import { SmtpSettings } from './settings-smtp.tsx';
import { CertificateSettings, SunatSettings } from './settings-sunat.tsx';
import { WebhooksSettings } from './settings-webhooks.tsx';
import type { Company } from './types.ts';

export interface SectionProps {
  company: Company;
  /** Reads the company again after a change. */
  reload(): void;
}

const SECTIONS: Array<{ slug: string; label: string; view: ComponentType<SectionProps> }> = [
  { slug: 'empresa', label: 'Empresa', view: CompanyData },
  { slug: 'certificado', label: 'Certificado digital', view: CertificateSettings },
  { slug: 'sunat', label: 'SUNAT y SOL', view: SunatSettings },
  { slug: 'establecimientos', label: 'Establecimientos', view: EstablishmentsSettings },
  { slug: 'series', label: 'Series', view: SeriesSettings },
  { slug: 'tokens', label: 'Tokens API', view: TokensSettings },
  { slug: 'webhooks', label: 'Webhooks', view: WebhooksSettings },
  { slug: 'correo', label: 'Correo (SMTP)', view: SmtpSettings },
];

export function Settings({ section }: { section: string | undefined }) {
  const current = SECTIONS.find((s) => s.slug === section) ?? SECTIONS[0];
  const loaded = useLoad(() => api.get<{ data: Company }>('/api/company'), []);
  const View = current.view;
  return (
    <Page title={`Configuración: ${current.label}`}>
      <nav class="tabs" aria-label="Partes de la configuración">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.slug}>
              <a href={href(`/configuracion/${s.slug}`)} aria-current={s === current ? 'page' : undefined}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ErrorAlert error={loaded.error} />
      {loaded.data ? <View company={loaded.data.data} reload={loaded.reload} /> : loaded.loading && <Loading />}
    </Page>
  );
}
