// The company's first screen: what is left to start issuing for real (certificate, SOL, series, a first document),
// the SUNAT mode, and the certificate's expiry warning.
import { api } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { useLoad } from '../lib/hooks.ts';
import { href } from '../lib/router.ts';
import { Alert, Badge, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Page, Section } from '../ui/shell.tsx';
import type { Company, ListRow } from './types.ts';

interface Step {
  done: boolean;
  title: string;
  detail: string;
  link: string;
  linkLabel: string;
}

function stepsOf(company: Company, hasDocuments: boolean): Step[] {
  const types = new Set(company.series.map((s) => s.codigo_tipo_documento));
  return [
    {
      done: company.certificado.autofirmado === false,
      title: 'Certificado digital',
      detail:
        company.certificado.autofirmado === false
          ? `Certificado propio, vence el ${formatDate(company.certificado.vence?.slice(0, 10))}.`
          : 'Usa el certificado de demostración: suba el certificado digital (PFX) de la empresa.',
      link: '/configuracion/certificado',
      linkLabel: 'Subir certificado',
    },
    {
      done: company.sol.propio,
      title: 'Usuario y clave SOL',
      detail: company.sol.propio
        ? `Usuario SOL ${company.sol.usuario}.`
        : 'Ingrese el usuario secundario SOL y su clave, y pruebe la conexión con SUNAT.',
      link: '/configuracion/sunat',
      linkLabel: 'Configurar SUNAT',
    },
    {
      done: types.has('01') && types.has('03'),
      title: 'Series',
      detail: `${company.series.length} series: ${company.series.map((s) => s.serie).join(', ') || 'ninguna'}.`,
      link: '/configuracion/series',
      linkLabel: 'Revisar series',
    },
    {
      done: hasDocuments,
      title: 'Primer comprobante',
      detail: hasDocuments
        ? 'Ya emitió comprobantes.'
        : 'Emita su primer comprobante desde su sistema (ERP) con un token API.',
      link: hasDocuments ? '/comprobantes' : '/configuracion/tokens',
      linkLabel: hasDocuments ? 'Ver comprobantes' : 'Crear un token API',
    },
  ];
}

const MODES: Record<Company['modo_sunat'], string> = {
  demo: 'Demostración (simulador o SUNAT beta): los comprobantes no tienen valor tributario.',
  beta: 'SUNAT beta: pruebas, sin valor tributario.',
  production: 'Producción: los comprobantes se envían a SUNAT.',
};

export function Home() {
  const loaded = useLoad(async () => {
    const [company, latest] = await Promise.all([
      api.get<{ data: Company }>('/api/company'),
      api.get<{ data: ListRow[] }>('/api/documents/lists'),
    ]);
    return { company: company.data, hasDocuments: latest.data.length > 0 };
  }, []);
  if (loaded.loading && !loaded.data) return <Loading />;
  if (!loaded.data) return <ErrorAlert error={loaded.error} />;
  const { company, hasDocuments } = loaded.data;
  const steps = stepsOf(company, hasDocuments);
  const pending = steps.filter((s) => !s.done).length;
  return (
    <Page title={company.razon_social}>
      <p class="lead">
        RUC {company.ruc} ·{' '}
        <Badge tone={company.modo_sunat === 'production' ? 'ok' : 'warn'}>{company.modo_sunat}</Badge>{' '}
        {MODES[company.modo_sunat]}
      </p>
      {company.certificado.advertencia && <Alert tone="warn">{company.certificado.advertencia}</Alert>}
      <Section title={pending ? `Para empezar: ${pending} de ${steps.length} pasos pendientes` : 'Todo listo'}>
        <ol class="checklist">
          {steps.map((step) => (
            <li key={step.title} class={step.done ? 'is-done' : 'is-pending'}>
              <span class="check" aria-hidden="true">
                {step.done ? '✓' : '○'}
              </span>
              <div>
                <p class="check-title">
                  {step.title} <span class="sr-only">{step.done ? '(hecho)' : '(pendiente)'}</span>
                </p>
                <p class="hint">{step.detail}</p>
              </div>
              <a class="button button-secondary" href={href(step.link)}>
                {step.linkLabel}
              </a>
            </li>
          ))}
        </ol>
      </Section>
      <p class="hint">
        La documentación de la API está en <a href="/documentation">/documentation</a>.
      </p>
    </Page>
  );
}
