import type { Question } from '@portico/contracts';

export interface QuestionSection {
  /** the heading; undefined for a form without sections */
  title: string | undefined;
  questions: Question[];
}

/** The questions under their headings, in the form's order. */
export function questionSections(questions: readonly Question[]): QuestionSection[] {
  const sections: QuestionSection[] = [];
  for (const question of questions) {
    const last = sections.at(-1);
    if (last && last.title === question.section) last.questions.push(question);
    else sections.push({ title: question.section, questions: [question] });
  }
  return sections;
}
