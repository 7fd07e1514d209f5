// `npm run bench:html-load`: what the heaviest question HTML costs the server (docs/benchmarks.md#rich-text).
// Starts the built server on a fresh SQLite database (or BENCH_DATABASE_URL) and, as admin, saves
// questions whose HTML fields each hold a million characters: the reported attack (`<b>` repeated
// 330,000 times, refused before sanitizing) in one field and in every field, then the heaviest
// input that passes (100 levels deep, just under 50,000 elements) in every field of a
// single-choice question (stem, 10 options, analysis). Meanwhile it asks /api/health/live every
// 20 ms and prints the slowest answer, which is how long the event loop was held at most.
import { seconds } from './lib.mjs';
import { addCourse, addJobType, signInAdmin } from './seed.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const QUESTION = '/api/kaoshi-question/question';
const MB = 1_000_000;
const DEEP = `x${'<b>'.repeat((MB - 1) / 3)}`;
const chain = `${'<b>'.repeat(100)}x${'</b>'.repeat(100)}`;
const markup = chain.repeat(499);
const HEAVIEST = markup + 'y'.repeat(MB - 20 - markup.length);

/** Answers to /api/health/live, asked every 20 ms until `stop()`: the slowest in ms. */
function watchHealth(url) {
  let running = true;
  let slowest = 0;
  let answered = 0;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      await fetch(`${url}/api/health/live`);
      slowest = Math.max(slowest, performance.now() - start);
      answered++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { slowest: Math.round(slowest), answered };
  };
}

const server = await startServer({ adminPassword });
try {
  const { token, call } = await signInAdmin(server.url, adminPassword);
  const subject = await addJobType(call);
  const course = await addCourse(call, { subjectId: subject.id, code: 'HL-1', name: 'Course' });
  const question = (content, options, analysis) => ({
    type: 0,
    content,
    options: options.map((text, index) => ({ content: text, correct: index === 0 })),
    analysis,
    subjectId: subject.id,
    level: 5,
    courseId: course.id,
  });
  const fill = (html) => Array.from({ length: 10 }, (_, index) => `<p>option ${index}</p>${html}`);
  const plain = Array.from({ length: 10 }, (_, index) => `<p>option ${index}</p>`);
  const cases = [
    ['attack (<b> x 330,000) in the stem', question(DEEP, plain, '')],
    ['attack in all 12 HTML fields', question(DEEP, fill(DEEP), DEEP)],
    ['heaviest accepted in all 12 HTML fields', question(HEAVIEST, fill(HEAVIEST), HEAVIEST)],
  ];
  for (const [name, body] of cases) {
    const stop = watchHealth(server.url);
    const start = performance.now();
    const response = await fetch(`${server.url}${QUESTION}/addQuestion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `KAOSHI_TOKEN=${token}` },
      body: JSON.stringify(body),
    });
    const envelope = await response.json();
    const took = seconds(start);
    const health = await stop();
    console.log(
      `${name}: ${envelope.status} in ${took.toFixed(2)} s; /api/health/live slowest ` +
        `${health.slowest} ms over ${health.answered} answers`,
    );
  }
} finally {
  await server.stop();
}
