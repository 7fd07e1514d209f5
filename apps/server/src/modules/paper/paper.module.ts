import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { FilesService } from '../files/files.service.js';
import type { ImageReader } from './html-to-docx.js';
import { instructionRoutes } from './instruction.routes.js';
import { InstructionService } from './instruction.service.js';
import { paperRoutes } from './paper.routes.js';
import { PaperDrawService } from './paper-draw.service.js';
import { PaperPrintService } from './paper-print.service.js';
import { PaperService } from './paper.service.js';

/** The uploaded image types a Word document can hold. */
const WORD_IMAGE_TYPES: Record<string, 'png' | 'jpg' | 'gif' | 'bmp' | undefined> = {
  '.png': 'png',
  '.jpg': 'jpg',
  '.jpeg': 'jpg',
  '.gif': 'gif',
  '.bmp': 'bmp',
};

/** Papers (building, drawing, group audit, versions) and exam notices (docs/features/papers.md). */
export async function paperModule(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const files = new FilesService(opts.db, {
    dataDir: opts.config.dataDir,
    allowPrivateFetch: opts.config.uploadAllowPrivateFetch,
  });
  const readImage: ImageReader = async (storedName) => {
    const found = await files.find(storedName);
    const type = found && WORD_IMAGE_TYPES[path.extname(found.absolute).toLowerCase()];
    return type ? { data: await fs.promises.readFile(found.absolute), type } : undefined;
  };
  await app.register(paperRoutes, {
    papers: new PaperService(opts.db),
    draws: new PaperDrawService(opts.db),
    prints: new PaperPrintService(opts.db, readImage, async (storedName) => {
      const found = await files.find(storedName);
      return found ? fs.promises.readFile(found.absolute) : undefined;
    }),
  });
  await app.register(instructionRoutes, { instructions: new InstructionService(opts.db) });
}
