import { api } from './client';
import type { AppConfig } from './types';

export const commonApi = {
  config: () => api.get<AppConfig>('/common/config', { auth: false, suppressErrors: true }),
};
