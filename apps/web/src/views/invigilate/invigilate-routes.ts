/** The invigilator's pages (router/routes.ts). */
export const MY_ROOMS_PATH = '/examPublishManage/myInvigilation';
export const consolePath = (examId: number, roomId: number) =>
  `/examPublishManage/invigilationConsole?examId=${examId}&roomId=${roomId}`;
