/** Popular courses, as cards with hours, students and rating (page.tsx also lists them as schema.org Courses). */
import { z } from 'zod';
import { Card } from '../components/Card';
import { label, text } from '../content/schemas';
import { Footnotes, gridClass } from './card-grid';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const popularCourse = z.strictObject({
  title: label,
  description: text,
  hours: z.number().int().positive(),
  students: label,
  rating: z.string().regex(/^\d(\.\d)?\/5$/, 'expected a rating like 4.8/5'),
});

const schema = sectionSchema('courses', { items: z.array(popularCourse).min(1), footnotes: z.array(text).optional() });

function CoursesSection({ section }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <div className={gridClass(section.items.length, 4)}>
        {section.items.map((c) => (
          <Card
            key={c.title}
            card={{
              icon: 'book-open',
              title: c.title,
              description: c.description,
              meta: [
                { label: 'Duration', value: `${c.hours} hours`, icon: 'clock' },
                { label: 'Students', value: c.students, icon: 'users' },
                { label: 'Rating', value: c.rating, icon: 'award' },
              ],
            }}
          />
        ))}
      </div>
      <Footnotes items={section.footnotes} />
    </SectionFrame>
  );
}

export const courses = defineSection(schema, CoursesSection);
