import { ANALYSIS_BASE, type DashboardView } from '@kaoshi/shared';
import { request, type CallOptions } from './request';

/** The dashboard's figures for whoever is signed in (administrator, teacher or student). */
export const getDashboard = (options?: CallOptions) =>
  request.get<DashboardView>(`${ANALYSIS_BASE}/dashboard`, undefined, options);
