/** Why no photo can be taken at the door: no camera (or no secure page), or not allowed. */
export type CameraProblem = 'unavailable' | 'denied';

export class CameraRefused extends Error {
  constructor(readonly problem: CameraProblem) {
    super(problem);
  }
}

/** The device's camera (the front one on a tablet held towards the candidate, if any). */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraRefused('unavailable');
  try {
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    throw new CameraRefused(
      name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable',
    );
  }
}

export function stopCamera(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame as a JPEG (at most 640 px wide: a door photo, not a portrait). */
export function captureJpeg(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, 640 / (video.videoWidth || 640));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round((video.videoWidth || 640) * scale);
  canvas.height = Math.round((video.videoHeight || 480) * scale);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new CameraRefused('unavailable'))),
      'image/jpeg',
      0.85,
    ),
  );
}
