/** The certificates screen, all of them or one exam's. */
export const CERTIFICATES_PATH = '/examAnalysis/certificates';
export const certificatesPath = (examId?: number) =>
  examId === undefined ? CERTIFICATES_PATH : `${CERTIFICATES_PATH}?examId=${examId}`;
