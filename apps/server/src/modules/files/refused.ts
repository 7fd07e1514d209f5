import {
  renderMessage,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
} from '@kaoshi/shared';

/**
 * Why an upload or a captured image was not kept. The editor shows it as the answer's `state`,
 * so it is worded from the catalogue in the request's language; `message` is the English for logs.
 */
export class UploadRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(renderMessage(key, params, 'en'));
  }

  render(language: MessageLanguage): string {
    return renderMessage(this.key, this.params, language);
  }
}
