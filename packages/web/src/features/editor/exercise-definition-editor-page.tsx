import { Download, FilePlus2, FolderOpen, Home, Save, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { PRODUCT_NAME } from '../../constants/messages';
import { errorToast, toast } from '../../toast/toast-store';
import { AnglesPanel } from './components/angles-panel';
import { CollapsibleSection } from './components/collapsible-section';
import { Comparisons } from './components/comparisons';
import { LandmarkPanel } from './components/landmark-panel';
import { MetadataPanel } from './components/metadata-panel';
import { ProblemList } from './components/modal-dialog';
import { PhaseRangesPanel } from './components/phase-ranges-panel';
import { AddNewDialog, LoadDialog, SaveDialog } from './components/storage-dialogs';
import { WizardDialog } from './components/wizard-dialog';
import {
  EDITOR_SECTION_TITLES,
  EDITOR_SECTIONS,
  EDITOR_TEXT,
  type EditorSectionId,
} from './constants';
import {
  definitionProblems,
  exportFileName,
  exportJson,
  formatIssues,
  importJson,
  issuesOf,
} from './definition-io';
import { blankDefinition } from './editor-state';
import { browserStorage } from './local-store';
import { useEditorStore } from './use-editor-store';
import { nameRequiredProblem } from './validation';

type OpenDialog = 'addNew' | 'wizard' | 'load' | 'save' | null;

/** A problem list shown on the page (a bad import, an incomplete export). */
interface Notice {
  title: string;
  lines: string[];
}

function newInstanceId(): string {
  return `video-${crypto.randomUUID()}`;
}

/** The exercise-definition editor (spec 01 §2), for admins; <RequireAdmin> guards the route. */
export function ExerciseDefinitionEditorPage() {
  const [storage] = useState(browserStorage);
  const { state, dispatch, saveStatus } = useEditorStore(storage);
  const { definition, ui } = state;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = `${EDITOR_TEXT.pageTitle} · ${PRODUCT_NAME}`;
  }, []);

  const exportDefinition = () => {
    const nameProblem = nameRequiredProblem(definition.name, 'export');
    if (nameProblem) {
      errorToast(nameProblem);
      return;
    }
    const issues = definitionProblems(definition);
    if (issues.length > 0) {
      setNotice({ title: EDITOR_TEXT.notReadyForStorage, lines: formatIssues(issues) });
      return;
    }
    const url = URL.createObjectURL(
      new Blob([exportJson(definition)], { type: 'application/json' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(definition.name);
    link.click();
    // The click has started the download; the URL is no longer needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const importDefinition = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const imported = importJson(await file.text(), file.name);
      dispatch({ type: 'replaceDefinition', definition: imported, recordId: null });
      setNotice(null);
      toast({ title: 'Definition imported', description: `"${imported.name}" from ${file.name}.` });
    } catch (error) {
      // The spec only logs a failed import; the problems are shown too, so the file can be fixed.
      console.error(`Importing ${file.name} failed`, error);
      setNotice({
        title: `${EDITOR_TEXT.importFailedTitle}: ${file.name}`,
        lines: formatIssues(issuesOf(error)),
      });
    }
  };

  const panels: Record<EditorSectionId, React.ReactNode> = {
    metadata: <MetadataPanel definition={definition} dispatch={dispatch} />,
    landmarks: (
      <LandmarkPanel
        cameraPosition={definition.cameraPosition}
        closerSide={ui.closerSide}
        selected={ui.selectedLandmarks}
        dispatch={dispatch}
      />
    ),
    angles: (
      <AnglesPanel definition={definition} selected={ui.selectedLandmarks} dispatch={dispatch} />
    ),
    phases: (
      <PhaseRangesPanel definition={definition} activePhase={ui.activePhase} dispatch={dispatch} />
    ),
  };

  return (
    <div className="mx-auto max-w-[100rem] px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <Link to="/" className={buttonClasses('secondary', 'sm')}>
            <Home aria-hidden="true" className="size-4" />
            {EDITOR_TEXT.home}
          </Link>
          <h1 className="font-display text-2xl font-semibold sm:text-3xl">
            {EDITOR_TEXT.pageTitle}
          </h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setDialog('addNew')}>
            <FilePlus2 aria-hidden="true" className="size-4" />
            {EDITOR_TEXT.addNew}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDialog('load')}>
            <FolderOpen aria-hidden="true" className="size-4" />
            {EDITOR_TEXT.load}
          </Button>
          <Button
            size="sm"
            onClick={() => {
              const problem = nameRequiredProblem(definition.name, 'save');
              if (problem) errorToast(problem);
              else setDialog('save');
            }}
          >
            <Save aria-hidden="true" className="size-4" />
            {EDITOR_TEXT.save}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden="true" className="size-4" />
            {EDITOR_TEXT.importJson}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="hidden"
            aria-label="Definition JSON file"
            onChange={importDefinition}
          />
          <Button variant="ghost" size="sm" onClick={exportDefinition}>
            <Download aria-hidden="true" className="size-4" />
            {EDITOR_TEXT.exportJson}
          </Button>
        </div>
      </header>
      <p role="status" data-save-status={saveStatus} className="mt-3 text-sm text-muted">
        {saveStatus === 'unsaved' ? EDITOR_TEXT.unsaved : EDITOR_TEXT.savedLocally}
        {state.recordId ? ' · editing a stored definition' : ''}
      </p>
      {notice ? (
        <div className="mt-4">
          <ProblemList
            title={notice.title}
            lines={notice.lines}
            onDismiss={() => setNotice(null)}
          />
        </div>
      ) : null}

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,30rem)_minmax(0,1fr)]">
        <div className="grid gap-4">
          {EDITOR_SECTIONS.map((section) => (
            <CollapsibleSection
              key={section}
              title={EDITOR_SECTION_TITLES[section]}
              collapsed={ui.collapsedSections[section]}
              onToggle={() => dispatch({ type: 'toggleSection', section })}
            >
              {panels[section]}
            </CollapsibleSection>
          ))}
        </div>
        <Comparisons
          definition={definition}
          instances={ui.videoInstances}
          dispatch={dispatch}
          newId={newInstanceId}
        />
      </div>

      <AddNewDialog
        open={dialog === 'addNew'}
        onClose={() => setDialog(null)}
        onBlank={() => {
          dispatch({ type: 'replaceDefinition', definition: blankDefinition(), recordId: null });
          setDialog(null);
        }}
        onFromVideo={() => setDialog('wizard')}
      />
      <WizardDialog
        open={dialog === 'wizard'}
        onClose={() => setDialog(null)}
        editing={definition}
        onCreate={(created) => {
          dispatch({ type: 'replaceDefinition', definition: created, recordId: null });
          toast({
            title: 'Exercise created',
            description: `"${created.name}" is in the editor. Check the ranges on the videos, then Save.`,
          });
        }}
      />
      <LoadDialog
        open={dialog === 'load'}
        onClose={() => setDialog(null)}
        onLoad={(loaded, record) => {
          // A system definition opens as a copy: saving it makes a new, user-created one.
          dispatch({
            type: 'replaceDefinition',
            definition: { ...loaded, name: record.name },
            recordId: record.author ? record.id : null,
          });
          setDialog(null);
          toast({ title: 'Definition loaded', description: `"${record.name}"` });
        }}
      />
      <SaveDialog
        open={dialog === 'save'}
        onClose={() => setDialog(null)}
        definition={definition}
        recordId={state.recordId}
        onSaved={(record, name) => {
          if (name !== definition.name) dispatch({ type: 'setName', name });
          dispatch({ type: 'recordSaved', recordId: record.id });
          setDialog(null);
        }}
      />
    </div>
  );
}
