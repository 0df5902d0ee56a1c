export const pipelineKeys = {
  all: ['pipelines'] as const,
  list: () => [...pipelineKeys.all, 'list'] as const,
  detail: (id: number) => [...pipelineKeys.all, 'detail', id] as const,
};
