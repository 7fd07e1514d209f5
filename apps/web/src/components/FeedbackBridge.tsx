import { App } from 'antd';
import { useEffect } from 'react';
import { registerMessageApi } from '../utils/feedback';

/** Hands antd's themed message API to code outside React (the request layer). */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerMessageApi(message);
    return () => registerMessageApi(undefined);
  }, [message]);
  return null;
}
