// The company as the API shows it: Spanish field names, no secrets (no sealed key, SOL, SMTP password or WhatsApp token).
import { daysLeft, expiryWarning } from './certificate-info.ts';
import type { BankAccount } from '../../tenancy/profile-schemas.ts';
import { DEMO_SOL } from '../../tenancy/provision.ts';
import type { CompanyProfile } from './service.ts';
import { presentSmtp } from '../../tenancy/smtp-view.ts';
import type { Company } from '../../platform/http/tenant-context.ts';
import type { CompanyResponse } from './schemas.ts';

/** Whether the company stored its "Credenciales de API SUNAT" (never the id's secret, never the secret). */
export function presentSunatApi(company: Company): CompanyResponse['data']['api_sunat'] {
  return { configurado: company.sunatApiClientId !== null && company.sunatApiSecretEnc !== null };
}

export function presentCompany({ company, series, selfSigned }: CompanyProfile): CompanyResponse {
  return {
    success: true,
    data: {
      ruc: company.ruc,
      razon_social: company.razonSocial,
      nombre_comercial: company.nombreComercial,
      direccion: {
        ubigeo: company.ubigeo,
        codigo_establecimiento: company.codigoEstablecimiento,
        direccion: company.direccion,
        urbanizacion: company.urbanizacion,
        provincia: company.provincia,
        departamento: company.departamento,
        distrito: company.distrito,
        codigo_pais: company.codigoPais,
      },
      email: company.email,
      telefono: company.telefono,
      modo_sunat: company.sunatMode === 'production' || company.sunatMode === 'beta' ? company.sunatMode : 'demo',
      sol: {
        usuario: company.solUser,
        propio: company.solUser !== null && company.solUser !== DEMO_SOL.user && company.solPasswordEnc !== null,
      },
      tiene_logo: company.logoBase64 !== null,
      envio_de_boletas: company.boletaDelivery === 'summary' ? 'resumen_diario' : 'individual',
      pdf: {
        formato: company.pdfFormat === 'ticket' ? 'ticket' : 'a4',
        pie_de_pagina: company.pdfFooter,
        cuentas_bancarias: (company.bankAccounts as BankAccount[] | null) ?? [],
      },
      smtp: presentSmtp(company),
      api_sunat: presentSunatApi(company),
      certificado: {
        sujeto: company.certificateSubject,
        vence: company.certificateNotAfter?.toISOString() ?? null,
        dias_restantes: daysLeft(company.certificateNotAfter),
        advertencia: expiryWarning(company.certificateNotAfter),
        autofirmado: selfSigned,
      },
      series: series.map((s) => ({
        codigo_tipo_documento: s.documentType,
        serie: s.serie,
        ultimo_numero: s.lastNumber,
        contingencia: s.contingency,
      })),
    },
  };
}
