// The admin API's answers the admin console reads.
import type { SessionBase } from '../ui/app.tsx';

export interface AdminSession extends SessionBase {
  role: 'admin' | 'reseller';
  reseller_id: number | null;
}

export interface LockFact {
  scope: 'tenant' | 'reseller';
  authority: 'admin' | 'reseller';
  locked_by: string | null;
  reason: string | null;
  locked_at: string;
}

export interface Tenant {
  id: number;
  ruc: string;
  name: string;
  subdomain: string;
  hostname: string;
  email: string | null;
  plan_id: number | null;
  plan_name: string | null;
  reseller_id: number | null;
  locked_tenant: boolean;
  sunat_mode: string;
  created_at: string;
  documents_month: number;
  locks: LockFact[];
}

export interface Plan {
  id: number;
  name: string;
  pricing: string;
  limit_users: number;
  limit_documents: number;
  locked: boolean;
}

export interface Reseller {
  id: number;
  name: string;
  email: string;
  limit_tenants: number;
  limit_documents_month: number;
  tenants: number;
  locked: boolean;
  lock: LockFact | null;
}

export interface Partner {
  id: number;
  full_name: string;
  email: string;
  gitlab_user: string | null;
  domain: string;
  status: boolean;
  department_id: string;
  zone: string | null;
}

export interface Usage {
  months: string[];
  system_usage: Array<{ month: string; quantity: number }>;
  clients: Array<{
    client_id: number;
    client_name: string;
    hostname: string;
    usage: Array<{ month: string; quantity: number }>;
  }>;
  pagination: { current_page: number; last_page: number; total: number };
}
