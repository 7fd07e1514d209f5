import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts for code outside React (the request layer, the route guard). Inside the app they use
 * antd's themed message API that AppProviders registers; before it is there (the sign-in page
 * does not load antd) antd's message module is fetched on demand.
 */
let messageApi: MessageInstance | undefined;

export function registerMessageApi(api: MessageInstance | undefined) {
  messageApi = api;
}

async function api(): Promise<MessageInstance> {
  return messageApi ?? (await import('antd/es/message')).default;
}

export function toastError(text: string, durationMs: number) {
  void api().then((m) => m.error({ content: text, duration: durationMs / 1000 }));
}

export function toastSuccess(text: string, durationMs = 2000) {
  void api().then((m) => m.success({ content: text, duration: durationMs / 1000 }));
}
