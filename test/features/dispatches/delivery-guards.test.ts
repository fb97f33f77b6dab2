// What keeps a guide from being sent where it must not go, before any call: a company in SUNAT beta mode (SUNAT has
// no GRE beta; its REST endpoints are production's) and a production company without API credentials. Both leave
// the guide registered with a code that says why; neither reaches the network (the simulator URL here is closed).
import { describe, expect, it } from 'vitest';
import type { PipelineDeps, TenantRef } from '../../../src/pipeline/deps.ts';
import { deliverDispatch } from '../../../src/pipeline/dispatch-delivery.ts';

const deps = {
  config: { sunatMode: 'simulator', sunatTimeoutMs: 1_000 },
  sunatSimulatorUrl: () => 'http://127.0.0.1:9',
} as unknown as PipelineDeps;

function tenantIn(sunatMode: string): TenantRef {
  const company = { ruc: '20000000001', sunatMode, sunatApiClientId: null, sunatApiSecretEnc: null };
  return { id: 1, schema: 'tenant_x', company } as unknown as TenantRef;
}

const guide = {
  id: 1,
  filename: '20000000001-09-T001-1',
  documentType: '09',
  serie: 'T001',
  number: 1,
  hash: null,
  customerNumber: '20100070970',
  createdAt: new Date(),
  ticket: null,
};

describe('guides that must not be sent', () => {
  it('a company in beta mode: GRE_NO_BETA, nothing sent', async () => {
    const outcome = await deliverDispatch(deps, tenantIn('beta'), guide, Buffer.from('<x/>'));
    expect(outcome).toMatchObject({ kind: 'exception', code: 'GRE_NO_BETA', steps: [] });
  });

  it('a production company without API credentials: API_CREDENTIALS_MISSING, nothing sent', async () => {
    const outcome = await deliverDispatch(deps, tenantIn('production'), guide, Buffer.from('<x/>'));
    expect(outcome).toMatchObject({ kind: 'exception', code: 'API_CREDENTIALS_MISSING', steps: [] });
  });
});
