/**
 * One frame of a screen, window or tab the user picks, as a PNG. Rejects when the browser cannot
 * share the screen, the user refuses, or no frame arrives; the stream is always stopped.
 */
export async function captureScreenPng(): Promise<Blob> {
  const media = navigator.mediaDevices;
  if (!media || typeof media.getDisplayMedia !== 'function') {
    throw new Error('getDisplayMedia is not supported');
  }
  const stream = await media.getDisplayMedia({ video: true, audio: false });
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    if (!video.videoWidth) {
      await new Promise<void>((resolve, reject) => {
        video.addEventListener('loadeddata', () => resolve(), { once: true });
        video.addEventListener('error', () => reject(new Error('no frame')), { once: true });
      });
    }
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context || !canvas.width || !canvas.height) throw new Error('no frame');
    context.drawImage(video, 0, 0);
    video.srcObject = null;
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png');
    });
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}
