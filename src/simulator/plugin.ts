// The simulator behind SUNAT's own paths (billService, otros CPE, billConsultService, and the REST APIs of
// rest-api.ts: OAuth2 tokens and the consulta integrada de validez), as a Fastify plugin the
// app can mount (SUNAT_MODE=simulator) or run on its own (server.ts, `npx facturo sunat-simulator`). Switching
// between it and SUNAT is only a base URL. Around the engine it adds what tests and drills need: fault injection and counters, in code
// (`simulator.faults`, `simulator.stats()`) and over HTTP under /__simulator.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSelfSignedCertificate, type KeyMaterial } from '../crypto/certificates.ts';
import type { SigningKey } from '../core/signing.ts';
import { SUNAT_PATHS, type ServiceKind } from '../sunat/endpoints.ts';
import { faultEnvelope, parseSoapRequest, type SoapRequest } from '../sunat/soap.ts';
import { SimulatorEngine, type CredentialsPolicy, type SimulatorStats, type SoapReply } from './engine.ts';
import { FaultInjector, FaultRuleError, type FaultDecision, type FaultRule } from './faults.ts';
import { createGreService } from './gre.ts';
import { type ApiClientPolicy, createRestApi } from './rest-api.ts';
import { createFileStore, createMemoryStore, type SimulatorStore } from './store.ts';
import { DEFAULT_XSD_DIR, preloadSchemas } from './xsd.ts';
import { wsdlFor } from './wsdl.ts';
import { ensureSunatErrorCodes, sunatMessage } from '../sunat/error-codes.ts';

export interface SimulatorOptions {
  /** Who may call (default: SUNAT beta's RUC+MODDATOS / moddatos). */
  credentials?: CredentialsPolicy;
  /** The clock (CDR dates, ticket numbers, date rules). */
  now?: () => Date;
  /** Key that signs the CDRs; default: a self-signed "SUNAT" certificate generated once per process. */
  signingKey?: SigningKey;
  /** Where registered documents live; default in memory. See also `dataFile`. */
  store?: SimulatorStore;
  /** Persist registrations and receipts in this JSON-lines file (survives restarts). Ignored when `store` is given. */
  dataFile?: string;
  /** The XSD set; default the bundled assets/sunat/xsd. */
  xsdDir?: string;
  /** 'fault' like SUNAT beta (default) or 'cdr' like production. */
  rejectionStyle?: 'fault' | 'cdr';
  /** getStatus answers 98 this many times before giving a summary's CDR (default 0). */
  summaryPendingPolls?: number;
  /** getStatus answers 98 for this many milliseconds after sendSummary (default 0). */
  summaryPendingMs?: number;
  /** SUNAT's window for an RA, in calendar days after the document's issue (default 7). */
  voidWindowDays?: number;
  /** Enforce SUNAT's sending window (2108 late, 2329 future); off by default, as beta. */
  issueDateWindowDays?: number;
  /** Serve /__simulator control routes (stats, faults, reset); default true. */
  control?: boolean;
  /** The throughput stand-in: accepts every well-packaged new document without XSD, signature or rule checks
   *  (engine.ts `fast`); the XSD set is then not loaded. Default false: the full simulator. */
  fast?: boolean;
  /** Largest request body accepted (bytes); default 20 MB. */
  bodyLimit?: number;
  /** Who may have a REST API token (default: any client id with the secret `moddatos`). */
  apiClients?: ApiClientPolicy;
  /** Lifetime of the REST API tokens it grants, in seconds (default 3600, as SUNAT's). */
  apiTokenTtlSeconds?: number;
  /** Polls of a dispatch guide's ticket answered 98 ("en proceso") before its verdict (default 1). */
  grePendingPolls?: number;
}

export interface SunatSimulator {
  readonly faults: FaultInjector;
  readonly store: SimulatorStore;
  readonly engine: SimulatorEngine;
  stats(): SimulatorStats;
  /** Forgets documents, tickets, receipts, counters and faults. */
  reset(): void;
  /**
   * Resolves once every request received so far has been answered or cut: a request held by an injected latency
   * goes on after its client gave up (as SUNAT does) and registers its document later. A test awaits this before
   * reset() so that such a request cannot land in the next test's counters.
   */
  settled(): Promise<void>;
  /** The Fastify plugin serving SUNAT's paths (and /__simulator unless control is false). */
  readonly plugin: FastifyPluginAsync;
}

let defaultKey: KeyMaterial | undefined;
/**
 * One simulator key per process (key generation is too slow to repeat for every simulator a test starts). RSA-1024:
 * the CDR signature is a formality nobody verifies (SUNAT beta's own CDRs carry a placeholder), and the smaller key
 * halves the simulator's signing cost per document on the benchmark's hot path. Pass `signingKey` for another key.
 */
function simulatorKey(): KeyMaterial {
  defaultKey ??= generateSelfSignedCertificate(
    { ruc: '20131312955', name: 'SUNAT SIMULADOR' },
    { days: 3650, bits: 1024 },
  );
  return defaultKey;
}

const ROUTES: Array<{ path: string; service: ServiceKind }> = [
  { path: SUNAT_PATHS.invoicesBeta, service: 'invoices' },
  { path: SUNAT_PATHS.invoicesProduction, service: 'invoices' },
  { path: SUNAT_PATHS.otrosCpeBeta, service: 'otros-cpe' },
  { path: SUNAT_PATHS.otrosCpeProduction, service: 'otros-cpe' },
  { path: SUNAT_PATHS.consult, service: 'consult' },
];

export function createSunatSimulator(options: SimulatorOptions = {}): SunatSimulator {
  const store = options.store ?? (options.dataFile ? createFileStore(options.dataFile) : createMemoryStore());
  const xsdDir = options.xsdDir ?? DEFAULT_XSD_DIR;
  const engine = new SimulatorEngine({
    credentials: options.credentials ?? { kind: 'beta' },
    now: options.now ?? (() => new Date()),
    signingKey: options.signingKey ?? simulatorKey(),
    store,
    xsdDir,
    rejectionStyle: options.rejectionStyle ?? 'fault',
    summaryPendingPolls: options.summaryPendingPolls ?? 0,
    summaryPendingMs: options.summaryPendingMs,
    voidWindowDays: options.voidWindowDays,
    issueDateWindowDays: options.issueDateWindowDays,
    fast: options.fast,
  });
  const faults = new FaultInjector();
  /** Requests not yet answered, and handlers of injected faults still running. */
  const inFlight = new Set<Promise<void>>();
  const restApi = createRestApi({
    engine,
    store,
    faults,
    clients: options.apiClients ?? { kind: 'beta' },
    tokenTtlSeconds: options.apiTokenTtlSeconds ?? 3600,
    now: options.now ?? (() => new Date()),
    gre: createGreService({
      store,
      signingKey: options.signingKey ?? simulatorKey(),
      xsdDir,
      now: options.now ?? (() => new Date()),
      pendingPolls: options.grePendingPolls ?? 1,
      cdrSignature: () => engine.cdrSignature(),
      nextId: () => engine.nextId(),
    }),
  });
  // Both bundled assets are read now: a missing one stops the start, naming the file, not the first request.
  if (!options.fast) preloadSchemas(xsdDir);
  ensureSunatErrorCodes();

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    const bodyLimit = options.bodyLimit ?? 20 * 1024 * 1024;
    app.addHook('onClose', async () => store.close?.());
    // A request counts from its headers until its answer is sent or its connection is gone…
    app.addHook('onRequest', (_request, reply, done) => {
      const answered = new Promise<void>((resolve) => reply.raw.once('close', resolve));
      inFlight.add(answered);
      void answered.then(() => inFlight.delete(answered));
      done();
    });
    // SOAP bodies are XML text; '*' also takes requests sent without a content type (some SOAP stacks do).
    app.addContentTypeParser(
      ['text/xml', 'application/xml', 'application/soap+xml'],
      { parseAs: 'string', bodyLimit },
      (_req, body, done) => done(null, body),
    );
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));

    for (const route of ROUTES) {
      app.post(route.path, { bodyLimit }, (request, reply) => serve(route.service, request, reply));
      app.get(route.path, async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        if (!('wsdl' in query) && !('WSDL' in query)) {
          return reply
            .code(405)
            .header('allow', 'POST')
            .type('text/plain')
            .send('Use POST con un mensaje SOAP, o ?wsdl');
        }
        engine.count('wsdl');
        const location = `${request.protocol}://${request.headers.host ?? 'localhost'}${route.path}`;
        return reply
          .type('text/xml; charset=utf-8')
          .send(wsdlFor(route.service === 'consult' ? 'consult' : 'bill', location));
      });
    }

    restApi.register(app);

    if (options.control !== false) {
      app.get('/__simulator/stats', async () => engine.stats());
      app.get('/__simulator/faults', async () => ({ faults: faults.list() }));
      app.post('/__simulator/faults', async (request, reply) => {
        const body = request.body as FaultRule | FaultRule[] | { faults?: FaultRule[] } | undefined;
        const rules = Array.isArray(body)
          ? body
          : body && 'faults' in body && Array.isArray(body.faults)
            ? body.faults
            : body
              ? [body as FaultRule]
              : [];
        if (rules.length === 0)
          return reply.code(400).send({
            success: false,
            code: 'fault_invalid',
            message: 'Envíe una regla {fault, times?, operations?, fileName?} o una lista.',
          });
        try {
          const ids = rules.map((r) => faults.add(r));
          return reply.code(201).send({ ids, faults: faults.list() });
        } catch (error) {
          if (error instanceof FaultRuleError)
            return reply.code(400).send({ success: false, code: 'fault_invalid', message: error.message });
          throw error;
        }
      });
      app.delete('/__simulator/faults', async () => {
        faults.clear();
        return { faults: [] };
      });
      app.post('/__simulator/reset', async () => {
        simulator.reset();
        return { reset: true };
      });
    }
  };

  function serve(service: ServiceKind, request: FastifyRequest, reply: FastifyReply): Promise<void> | FastifyReply {
    const body = typeof request.body === 'string' ? request.body : '';
    let soap: SoapRequest;
    try {
      soap = parseSoapRequest(body);
    } catch {
      // Let the engine answer exactly as for any malformed SOAP.
      return send(reply, engine.handle(service, body));
    }
    const operation = SimulatorEngine.operationOf(service, soap);
    engine.countRequest(operation);
    const decision = faults.take(operation, soap.params.fileName);
    if (decision.latencyMs === 0 && !decision.fault) return send(reply, engine.process(service, soap, true));
    // …and one held by an injected fault until its handler ends, which may be after its client has gone.
    const answering = injected(service, soap, decision, request, reply);
    inFlight.add(answering);
    return answering.finally(() => inFlight.delete(answering));
  }

  async function injected(
    service: ServiceKind,
    soap: SoapRequest,
    decision: FaultDecision,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    const fault = decision.fault;
    if (!fault) {
      send(reply, engine.process(service, soap, true));
      return;
    }
    engine.count('faultsInjected');
    switch (fault.kind) {
      case 'http-status':
        reply
          .code(fault.status)
          .type('text/html; charset=utf-8')
          .send(fault.body ?? `<html><body><h1>${fault.status}</h1></body></html>`);
        return;
      case 'empty-200':
        reply.code(200).type('text/xml; charset=utf-8').send('');
        return;
      case 'malformed-200':
        reply
          .code(200)
          .type('text/xml; charset=utf-8')
          .send('<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Body>');
        return;
      case 'soap-fault': {
        const code = fault.code.padStart(4, '0');
        reply
          .code(500)
          .type('text/xml; charset=utf-8')
          .send(faultEnvelope(code, fault.message ?? sunatMessage(code), { codeIn: fault.codeIn, side: fault.side }));
        return;
      }
      case 'reset':
        cut(request, reply);
        return;
      case 'lost-response':
        engine.process(service, soap, true); // registered at "SUNAT"…
        engine.count('lostResponses');
        cut(request, reply); // …and the answer never arrives.
        return;
    }
  }

  function send(reply: FastifyReply, answer: SoapReply): FastifyReply {
    return reply.code(answer.status).type('text/xml; charset=utf-8').send(answer.body);
  }

  function cut(request: FastifyRequest, reply: FastifyReply): void {
    reply.hijack();
    request.raw.socket.destroy();
  }

  const simulator: SunatSimulator = {
    faults,
    store,
    engine,
    stats: () => engine.stats(),
    reset() {
      store.clear();
      faults.clear();
      engine.resetCounters();
      restApi.reset();
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    plugin,
  };
  return simulator;
}
