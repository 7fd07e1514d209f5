const DIFFICULTY_KEYS = ['veryEasy', 'easy', 'medium', 'hard', 'veryHard'] as const;
/** The i18n key of a difficulty's name (`question.difficulty.<key>`), 1 very easy … 5 very hard. */
export const difficultyKey = (difficulty: number) =>
  DIFFICULTY_KEYS[Math.min(Math.max(Math.round(difficulty), 1), 5) - 1]!;
