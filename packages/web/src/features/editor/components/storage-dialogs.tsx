import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-provider';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import {
  createExerciseDefinition,
  definitionErrorMessage,
  deleteExerciseDefinition,
  type ExerciseDefinitionRecord,
  updateExerciseDefinition,
} from '../../../data/definitions/exercise-definitions';
import { definitionKeys, definitionQueries } from '../../../data/definitions/queries';
import { toast } from '../../../toast/toast-store';
import { EDITOR_SPEC_TEXT, EDITOR_TEXT } from '../constants';
import {
  definitionProblems,
  formatIssues,
  fromStoredDocument,
  issuesOf,
  toDocument,
} from '../definition-io';
import type { DraftDefinition } from '../editor-state';
import { nameRequiredProblem } from '../validation';
import { ModalDialog, ProblemList } from './modal-dialog';

function useDefinitionList(enabled: boolean) {
  const { supabase } = useAuth();
  return useQuery({ ...definitionQueries.list(supabase), enabled });
}

/** 'Add New': a blank definition, or one built from a video by the wizard. */
export function AddNewDialog(props: {
  open: boolean;
  onClose: () => void;
  onBlank: () => void;
  onFromVideo: () => void;
}) {
  return (
    <ModalDialog open={props.open} onClose={props.onClose} title="Add New Exercise Definition">
      <p className="text-sm text-muted">
        The definition in the editor is replaced. Save it first if you want to keep it.
      </p>
      <div className="mt-5 grid gap-3">
        <Button variant="secondary" onClick={props.onBlank} className="justify-start">
          Blank definition
        </Button>
        <Button variant="outline" onClick={props.onFromVideo} className="justify-start">
          {EDITOR_SPEC_TEXT.wizardTitle}
        </Button>
        <p className="text-xs text-muted">
          From a video: keeps the angles defined here and proposes their ranges from a start,
          transition and end frame of the video.
        </p>
      </div>
    </ModalDialog>
  );
}

/** 'Save Exercise Definition': as a new record, or over the record being edited. */
export function SaveDialog(props: {
  open: boolean;
  onClose: () => void;
  definition: DraftDefinition;
  recordId: string | null;
  onSaved: (record: ExerciseDefinitionRecord, name: string) => void;
}) {
  const { supabase, user } = useAuth();
  const queryClient = useQueryClient();
  const [name, setName] = useState(props.definition.name);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => {
    if (props.open) {
      setName(props.definition.name);
      setError(null);
      setProblems([]);
    }
  }, [props.open, props.definition.name]);

  const write = useMutation({
    mutationFn: async (mode: 'create' | 'update') => {
      const document = toDocument({ ...props.definition, name: name.trim() });
      if (mode === 'update' && props.recordId) {
        return updateExerciseDefinition(supabase, props.recordId, {
          name: document.name,
          definition: document,
        });
      }
      if (!user) throw new Error('No user logged in');
      return createExerciseDefinition(supabase, {
        name: document.name,
        definition: document,
        author: user.id,
      });
    },
    onSuccess: async (record, mode) => {
      await queryClient.invalidateQueries({ queryKey: definitionKeys.all });
      toast({
        title: mode === 'update' ? 'Definition updated' : 'Definition saved',
        description: `"${record.name}" is stored.`,
      });
      props.onSaved(record, name.trim());
    },
    onError: (caught, mode) => {
      console.error(`Writing the exercise definition (${mode}) failed`, caught);
      setError(
        definitionErrorMessage(
          caught,
          mode === 'update' ? EDITOR_SPEC_TEXT.failedToUpdate : EDITOR_SPEC_TEXT.failedToSave,
        ),
      );
    },
  });

  const submit = (mode: 'create' | 'update') => (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    const nameProblem = nameRequiredProblem(name, 'save');
    if (nameProblem) {
      setProblems([]);
      setError(nameProblem);
      return;
    }
    const issues = definitionProblems({ ...props.definition, name: name.trim() });
    setProblems(formatIssues(issues));
    if (issues.length > 0) return;
    write.mutate(mode);
  };

  return (
    <ModalDialog open={props.open} onClose={props.onClose} title={EDITOR_SPEC_TEXT.saveDialogTitle}>
      <form onSubmit={submit(props.recordId ? 'update' : 'create')} className="grid gap-4">
        <Field id="save-name" label="Name">
          <Input
            id="save-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
          />
        </Field>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        {problems.length > 0 ? (
          <ProblemList title={EDITOR_TEXT.notReadyForStorage} lines={problems} />
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          {props.recordId ? (
            <>
              <Button variant="secondary" disabled={write.isPending} onClick={submit('create')}>
                Save as New
              </Button>
              <Button type="submit" disabled={write.isPending}>
                Update Existing
              </Button>
            </>
          ) : (
            <Button type="submit" disabled={write.isPending}>
              Save
            </Button>
          )}
        </div>
        {write.isPending ? <Spinner label="Saving..." /> : null}
      </form>
    </ModalDialog>
  );
}

/** 'Load Exercise Definition': every stored definition, newest first; delete user-created ones. */
export function LoadDialog(props: {
  open: boolean;
  onClose: () => void;
  onLoad: (definition: DraftDefinition, record: ExerciseDefinitionRecord) => void;
}) {
  const { supabase } = useAuth();
  const queryClient = useQueryClient();
  const list = useDefinitionList(props.open);
  const [problems, setProblems] = useState<{ name: string; lines: string[] } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { refetch } = list;

  // Opening the dialog shows the list as it is now (other admins may have changed it).
  useEffect(() => {
    if (props.open) {
      setProblems(null);
      setConfirming(null);
      setDeleteError(null);
      void refetch();
    }
  }, [props.open, refetch]);

  const remove = useMutation({
    mutationFn: (id: string) => deleteExerciseDefinition(supabase, id),
    onSuccess: async () => {
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: definitionKeys.all });
      toast({ title: 'Definition deleted' });
    },
    onError: (caught) => {
      console.error('Deleting the exercise definition failed', caught);
      setDeleteError(definitionErrorMessage(caught, EDITOR_SPEC_TEXT.failedToDelete));
    },
  });

  const load = (record: ExerciseDefinitionRecord) => {
    try {
      props.onLoad(fromStoredDocument(record.definition, record.name), record);
    } catch (error) {
      console.error(`Stored definition "${record.name}" cannot be opened`, error);
      setProblems({ name: record.name, lines: formatIssues(issuesOf(error)) });
    }
  };

  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      title={EDITOR_SPEC_TEXT.loadDialogTitle}
      width="lg"
    >
      {list.isPending && list.fetchStatus !== 'idle' ? <Spinner label="Loading..." /> : null}
      {list.isError ? (
        <p role="alert" className="text-sm text-danger">
          {definitionErrorMessage(list.error, EDITOR_SPEC_TEXT.failedToLoad)}
        </p>
      ) : null}
      {deleteError ? (
        <p role="alert" className="mb-3 text-sm text-danger">
          {deleteError}
        </p>
      ) : null}
      {problems ? (
        <div className="mb-4">
          <ProblemList
            title={`"${problems.name}" cannot be opened:`}
            lines={problems.lines}
            onDismiss={() => setProblems(null)}
          />
        </div>
      ) : null}
      {list.data && list.data.length === 0 ? (
        <p className="text-sm text-muted">{EDITOR_SPEC_TEXT.noDefinitions}</p>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <ul className="grid gap-2" aria-label="Stored exercise definitions">
          {list.data.map((record) => (
            <li
              key={record.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-page/60 p-3"
            >
              <div>
                <p className="font-semibold">{record.name}</p>
                <p className="text-xs text-muted">
                  {record.author ? EDITOR_SPEC_TEXT.userCreated : EDITOR_SPEC_TEXT.system} ·{' '}
                  {new Date(record.updated_at).toLocaleString()}
                </p>
              </div>
              <div className="flex gap-2">
                {confirming === record.id ? (
                  <>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(record.id)}
                    >
                      Delete
                    </Button>
                    <Button variant="secondary" size="sm" onClick={() => setConfirming(null)}>
                      Keep
                    </Button>
                  </>
                ) : (
                  <>
                    <Button
                      size="sm"
                      aria-label={`Load ${record.name}`}
                      onClick={() => load(record)}
                    >
                      Load
                    </Button>
                    {/* System definitions change only through the server (see the migration). */}
                    {record.author ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete ${record.name}`}
                        onClick={() => {
                          setDeleteError(null);
                          setConfirming(record.id);
                        }}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </ModalDialog>
  );
}
