// The project request form's one call: the request stored for the agency.
import { callSupabase } from 'shared-lib';
import type { ProjectRequestInput } from 'shared-lib/validation';

export async function sendProjectRequest(request: ProjectRequestInput): Promise<void> {
  const { name, email, company, projectType, budget, timeline, description } = request;
  await callSupabase((supabase) =>
    supabase.from('project_requests').insert({
      name,
      email,
      company: company || null,
      project_type: projectType,
      budget,
      timeline,
      description,
    }),
  );
}
