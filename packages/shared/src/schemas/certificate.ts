/** Verifiable certificates (issue 15 §6). */
export const CERTIFICATE_BASE = '/api/kaoshi-analysis/certificate';
