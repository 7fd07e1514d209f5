import { beforeEach, describe, expect, it } from 'vitest';
import { completeScope, useKnowledgeScope } from './knowledge-scope';

const state = () => {
  const { choose: _choose, chooseCourse: _chooseCourse, ...values } = useKnowledgeScope.getState();
  return values;
};

describe('the knowledge scope (project → category → job type → level, then a course)', () => {
  beforeEach(() => {
    useKnowledgeScope.setState({
      schoolId: 1,
      departmentId: 2,
      subjectId: 3,
      level: 5,
      courseId: 9,
    });
  });

  it('clears what lies below a changed choice, and the course', () => {
    useKnowledgeScope.getState().choose({ departmentId: 7 });
    expect(state()).toMatchObject({ schoolId: 1, departmentId: 7 });
    expect(state().subjectId).toBeUndefined();
    expect(state().level).toBeUndefined();
    expect(state().courseId).toBeUndefined();
  });

  it('keeps a level chosen together with its job type', () => {
    useKnowledgeScope.getState().choose({ subjectId: 4, level: 3 });
    expect(state()).toMatchObject({ schoolId: 1, departmentId: 2, subjectId: 4, level: 3 });
  });

  it('keeps the course when the same value is chosen again', () => {
    useKnowledgeScope.getState().choose({ level: 5 });
    expect(state().courseId).toBe(9);
    useKnowledgeScope.getState().chooseCourse(11);
    expect(state().courseId).toBe(11);
  });

  it('is complete once a job type and a level are chosen', () => {
    expect(completeScope(state())).toEqual({ subjectId: 3, level: 5 });
    useKnowledgeScope.getState().choose({ subjectId: 4 });
    expect(completeScope(state())).toBeUndefined();
  });
});
