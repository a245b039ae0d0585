; GPU Doctor's additions to electron-builder's NSIS installer (nsis.include).
; The CLI is resources\cli\gpu-doctor.exe; the installer offers to put that folder on the
; user's PATH (per-user, no admin), and the uninstaller takes it off again.
; PowerShell edits the PATH because NSIS strings (1024 characters) can truncate a long PATH.

!macro gpuDoctorEditUserPath ACTION
  ; The folder goes through the environment, not the command line: a user name with a quote in it
  ; (C:\Users\O'Brien) would otherwise break the PowerShell string.
  System::Call 'Kernel32::SetEnvironmentVariable(t "GPU_DOCTOR_CLI_DIR", t "$INSTDIR\resources\cli")'
  nsExec::ExecToLog `powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$dir = $$env:GPU_DOCTOR_CLI_DIR; $$path = [Environment]::GetEnvironmentVariable('Path', 'User'); $$parts = @($$path -split ';' | Where-Object { $$_ -and ($$_ -ne $$dir) }); if ('${ACTION}' -eq 'add') { $$parts += $$dir }; [Environment]::SetEnvironmentVariable('Path', ($$parts -join ';'), 'User')"`
  Pop $0
!macroend

!macro customInstall
  ; Silent installs (/S) add it only when asked: /S /ADDTOPATH
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/ADDTOPATH" $R1
  ${IfNot} ${Errors}
    !insertmacro gpuDoctorEditUserPath "add"
  ${ElseIfNot} ${Silent}
    MessageBox MB_YESNO|MB_ICONQUESTION "Add the gpu-doctor command-line tool to your PATH?$\r$\n将命令行工具 gpu-doctor 加入 PATH？$\r$\n$\r$\n$INSTDIR\resources\cli" IDNO gpuDoctorSkipPath
    !insertmacro gpuDoctorEditUserPath "add"
    gpuDoctorSkipPath:
  ${EndIf}
!macroend

!macro customUnInstall
  !insertmacro gpuDoctorEditUserPath "remove"
!macroend
