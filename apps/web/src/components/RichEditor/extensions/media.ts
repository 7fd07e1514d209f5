import { Node, mergeAttributes } from '@tiptap/core';
import { MUSIC_SIZE, VIDEO_SIZE } from '../constants';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    media: {
      setVideo: (attrs: { src: string }) => ReturnType;
      setAudio: (attrs: { src: string }) => ReturnType;
    };
  }
}

/** `<video src controls width="420" height="280">`, the stored format of the contract. */
export const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null },
      width: { default: VIDEO_SIZE.width },
      height: { default: VIDEO_SIZE.height },
      poster: { default: null },
    };
  },
  parseHTML() {
    return [{ tag: 'video[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['video', mergeAttributes(HTMLAttributes, { controls: '', preload: 'metadata' })];
  },
  addCommands() {
    return {
      setVideo:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});

const MUSIC_STYLE = `width: ${MUSIC_SIZE.width}px; height: ${MUSIC_SIZE.height}px`;

/** Music: `<audio src controls style="width:400px;height:95px">`. */
export const Audio = Node.create({
  name: 'audio',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'audio[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return [
      'audio',
      mergeAttributes(HTMLAttributes, { controls: '', preload: 'metadata', style: MUSIC_STYLE }),
    ];
  },
  addCommands() {
    return {
      setAudio:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});
