// The admin host's login body (POST /api/login, and the console's POST /api/session).
import { z } from 'zod';

export const AdminLoginBody = z
  .object({
    email: z.string().trim().toLowerCase().max(254).describe('Correo del usuario administrador o distribuidor'),
    password: z.string().min(1).max(200).describe('Contraseña'),
  })
  .meta({ id: 'AdminLoginBody' });
