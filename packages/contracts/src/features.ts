import { z } from 'zod';
import { FEATURE_FLAGS, type FeatureCamel, type FeatureSnake } from './feature-flags';

const flagValue = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1)]);

/** PATCH /api/features: any subset of flags, in either spelling. */
export const featuresInputSchema = z
  .object(
    Object.fromEntries(
      FEATURE_FLAGS.flatMap((flag) => [
        [flag.camel, flagValue.optional()],
        [flag.snake, flagValue.optional()],
      ]),
    ) as Record<FeatureCamel | FeatureSnake, z.ZodOptional<typeof flagValue>>,
  )
  .meta({ id: 'FeatureChanges' });

export const featuresSchema = z
  .object(
    Object.fromEntries(
      FEATURE_FLAGS.flatMap((flag) => [
        [flag.camel, z.boolean()],
        [flag.snake, z.boolean()],
      ]),
    ) as Record<FeatureCamel | FeatureSnake, z.ZodBoolean>,
  )
  .meta({ id: 'Features' });
